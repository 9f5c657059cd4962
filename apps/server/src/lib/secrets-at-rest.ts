import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database encrypted at rest (assessments' shared secrets, a cluster's SMTP override): the key
 * derives from the server secret (HKDF-SHA256), so a copy of the database alone reveals none of them. The HKDF
 * label stays the one it was first written with, or stored secrets would no longer decrypt.
 */
function secretsKey(serverSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'commons', 'assessment-shared-secrets', 32));
}

/** Encrypts a secret (AES-256-GCM, random 96-bit nonce): `v1.{nonce}.{tag}.{ciphertext}` in base64url. */
export function encryptSecretAtRest(secret: string, serverSecret: Uint8Array): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretsKey(serverSecret), nonce);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret of a stored ciphertext; throws when it was not encrypted under this server secret. */
export function decryptSecretAtRest(stored: string, serverSecret: Uint8Array): string {
  const [version, nonce, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !nonce || !tag || ciphertext === undefined)
    throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretsKey(serverSecret), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
