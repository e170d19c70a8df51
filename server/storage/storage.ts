/** Where sticker images live. Keys are content-hashed file names, so a stored object never changes. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/** A stored key as a listing shows it: its size and when it was last written. */
export interface StoredEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  /** Stores `body` under `key`; storing the same key twice is harmless (same content). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  /**
   * Every key starting with `prefix`, in no particular order (the sweeps of decision 0034 read the
   * made-again files' and uploads' prefixes). Only valid keys are listed, never a write under way.
   */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /** Removes the file under `key`; a key not there is no error. */
  delete(key: string): Promise<void>;
}

/**
 * A key is a flat, server-made name: no folders, no dots at the start, a known image extension, or
 * `.zip` for a pack's export archive (decision 0025; never served by name, file-access.ts), or a moving
 * sticker's `.webm` and `.gif` downloads (decision 0041; derived files, never served by name either).
 */
export const STORAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,127}\.(png|webp|avif|jpg|zip|webm|gif)$/;

export function contentTypeOf(key: string): string {
  if (key.endsWith(".png")) return "image/png";
  if (key.endsWith(".webp")) return "image/webp";
  if (key.endsWith(".avif")) return "image/avif";
  if (key.endsWith(".zip")) return "application/zip";
  if (key.endsWith(".webm")) return "video/webm";
  if (key.endsWith(".gif")) return "image/gif";
  return "image/jpeg";
}
