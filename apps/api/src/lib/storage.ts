import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded media lives. The local implementation writes under DATA_DIR/media and
 * the API serves it at /media; an S3-compatible store can implement the same three calls.
 */
export interface Storage {
  /** Stores bytes under `key` (e.g. `profiles/<id>/<rand>.jpg`) and returns its public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes the object a URL from `put` points at; unknown URLs are ignored. */
  deleteByUrl(url: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export class LocalStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicBaseUrl: string,
  ) {}

  async put(key: string, bytes: Buffer): Promise<string> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return `${this.publicBaseUrl}/media/${key}`;
  }

  async deleteByUrl(url: string): Promise<void> {
    const prefix = `${this.publicBaseUrl}/media/`;
    if (!url.startsWith(prefix)) return;
    await rm(this.resolve(url.slice(prefix.length)), { force: true });
  }

  private resolve(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }
}
