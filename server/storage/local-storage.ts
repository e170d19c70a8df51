import { randomUUID } from "node:crypto";
import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, STORAGE_KEY_PATTERN, type Storage, type StoredEntry } from "./storage.ts";

/** Files in one local folder (`$DATA_DIR/files`): the default when no S3 bucket is configured. */
export function createLocalStorage(folder: string): Storage {
  const ready = mkdir(folder, { recursive: true });
  const fileOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(folder, key);
  };
  return {
    async put(key, body) {
      await ready;
      const file = fileOf(key);
      // A name of its own per write: identical pictures of parallel tasks share a key, never a partial file.
      const partial = `${file}.${randomUUID()}.part`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async has(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return false;
      try {
        await stat(fileOf(key));
        return true;
      } catch (error) {
        // Only "not there" means false: an unreadable disk must not pass for a missing file.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
    async *list(prefix): AsyncIterable<StoredEntry> {
      await ready;
      // One entry at a time: the folder may hold millions of pictures.
      for await (const entry of await opendir(folder)) {
        // A `.part` file is a write under way, never a key.
        if (!entry.isFile() || !entry.name.startsWith(prefix) || !STORAGE_KEY_PATTERN.test(entry.name)) continue;
        try {
          const info = await stat(path.join(folder, entry.name));
          yield { key: entry.name, size: info.size, modifiedAt: info.mtime };
        } catch (error) {
          // Deleted since the folder was read.
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
