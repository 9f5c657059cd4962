import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { TDataRegion } from '@commons/domain';
import type { TS3Location } from '../config.js';
import { storageObjectPath, type TFileStorage } from './storage-keys.js';

/** Limits of one S3 call; uploads are at most 10 MB. */
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

type TSdk = typeof S3Sdk;

/** True for the answers S3 gives for an object that is not there. */
function isMissing(sdk: TSdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Storage in one S3 bucket (AWS S3 or an S3-compatible store such as MinIO, Ceph or R2), with the same
 * object layout as the local disk under an optional key prefix. Objects are private: the server reads
 * them and serves them under its own access rules, never through public bucket URLs. The AWS SDK is
 * loaded on first use, so a server without S3 settings never pays for it.
 */
export function createS3Storage(location: TS3Location): TFileStorage {
  let loaded: Promise<{ sdk: TSdk; client: S3Client }> | null = null;
  const connect = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: location.region,
        ...(location.endpoint ? { endpoint: location.endpoint } : {}),
        forcePathStyle: location.forcePathStyle,
        ...(location.credentials ? { credentials: location.credentials } : {}),
        // S3-compatible stores often refuse the SDK's default CRC32 checksums; only where required there.
        ...(location.endpoint
          ? {
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
        maxAttempts: 3,
        requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: CONNECT_TIMEOUT_MS },
      }),
    }));
    return loaded;
  };
  const objectKey = (region: TDataRegion, key: string) =>
    `${location.keyPrefix}${storageObjectPath(region, key)}`;
  return {
    put: async (region, key, bytes) => {
      const Key = objectKey(region, key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: location.bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    get: async (region, key) => {
      const Key = objectKey(region, key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: location.bucket, Key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    remove: async (region, key) => {
      const Key = objectKey(region, key);
      const { sdk, client } = await connect();
      // S3 answers 204 for a key that is not there, like `rm -f`.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: location.bucket, Key }));
    },
  };
}
