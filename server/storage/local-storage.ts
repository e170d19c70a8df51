import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, STORAGE_KEY_PATTERN, type Storage } from "./storage.ts";

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
  };
}
