import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DATA_REGIONS, type TDataRegion } from '@commons/domain';
import type { TConfig } from '../config.js';
import { createS3Storage } from './storage-s3.js';
import { storageObjectPath, type TFileStorage } from './storage-keys.js';

export type { TFileStorage };

/** Local-disk storage under `$DATA_DIR/files/{region}/`. */
export function createLocalStorage(dataDir: string): TFileStorage {
  const fileOf = (region: TDataRegion, key: string) =>
    path.join(dataDir, 'files', ...storageObjectPath(region, key).split('/'));
  return {
    put: async (region, key, bytes) => {
      const file = fileOf(region, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600 });
    },
    get: async (region, key) => {
      try {
        return await readFile(fileOf(region, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    remove: async (region, key) => rm(fileOf(region, key), { force: true }),
  };
}

/**
 * The storage of every data region as configured: a region with an S3 bucket (S3_BUCKET or
 * S3_BUCKET_{REGION}) stores its files there, the others on local disk under DATA_DIR.
 */
export function createStorage(config: Pick<TConfig, 'dataDir' | 's3'>): TFileStorage {
  const local = createLocalStorage(config.dataDir);
  const byRegion = new Map<TDataRegion, TFileStorage>();
  for (const region of DATA_REGIONS) {
    const location = config.s3[region];
    byRegion.set(region, location ? createS3Storage(location) : local);
  }
  const of = (region: TDataRegion) => byRegion.get(region) ?? local;
  return {
    put: (region, key, bytes) => of(region).put(region, key, bytes),
    get: (region, key) => of(region).get(region, key),
    remove: (region, key) => of(region).remove(region, key),
  };
}
