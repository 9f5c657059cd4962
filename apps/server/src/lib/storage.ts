import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TDataRegion } from '@commons/domain';

/** Where uploaded bytes live; one folder per data region (spec 9), keys are server-generated. */
export type TFileStorage = {
  put(region: TDataRegion, key: string, bytes: Uint8Array): Promise<void>;
  get(region: TDataRegion, key: string): Promise<Buffer | null>;
  remove(region: TDataRegion, key: string): Promise<void>;
};

const SAFE_KEY = /^[a-f0-9]{32,64}(?:-\d{2,4})?$/;

/** Local-disk storage under `$DATA_DIR/files/{region}/`. */
export function createLocalStorage(dataDir: string): TFileStorage {
  const fileOf = (region: TDataRegion, key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error('unsafe storage key');
    return path.join(dataDir, 'files', region, key.slice(0, 2), key);
  };
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
