import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk by default; an S3-compatible store can implement the same. */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the file and its size, or undefined when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.(jpg|png|gif|webp)$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${target}.${process.pid}.tmp`;
    await writeFile(temp, data, { mode: 0o640 });
    await rename(temp, target);
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (!isSafeKey(key)) return undefined;
    const target = this.resolve(key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return undefined;
      return { stream: createReadStream(target), size: info.size };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await unlink(this.resolve(key)).catch(() => undefined);
  }
}
