/**
 * Downloads and exports are made once per picture, variant and watermark domain, then kept in
 * storage under a derived name and served from there. Nothing about them changes between requests,
 * so encoding them again would only spend CPU (a busy export takes up to a second). They are a cache:
 * the sweep may remove any of them, and the next request makes it again (decision 0034).
 */
import { createHash } from "node:crypto";
import type { FileMark } from "../exports/messenger-mark.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * Bump when the watermark or an encoder changes what a derived file looks like: files made before
 * are then left unused instead of being served (and the sweep removes them, decision 0034).
 */
const DERIVED_VERSION = 2;

/** Every derived file's key starts with this, so the sweep lists them alone (decision 0034). */
export const DERIVED_FILE_PREFIX = "derived-";

/**
 * `derived-{variant}-{picId}-v{version}-{mark}{domain hash}.{ext}`: the watermark names PUBLIC_URL's
 * host, so a new domain makes new files; a download's mark part is empty, a messenger file's `corner-`,
 * and an unmarked file's is `plain` alone. The name never matches a picture's own keys, so
 * `/files/:key` does not serve it.
 */
export function derivedFileKey(
  picId: string,
  variant: string,
  extension: "png" | "webp",
  domain: string,
  mark: FileMark = "tiled",
): string {
  return `${DERIVED_FILE_PREFIX}${variant}-${picId}-v${DERIVED_VERSION}-${markTagOf(domain, mark)}.${extension}`;
}

/** The part of a derived file's name that says how it is marked, and for which domain. */
export function markTagOf(domain: string, mark: FileMark): string {
  if (mark === "none") return "plain";
  const domainTag = createHash("sha256").update(domain).digest("hex").slice(0, 12);
  return mark === "corner" ? `corner-${domainTag}` : domainTag;
}

/** A strong validator of the file's bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`;
}

/** A file `make` could only make in part (an item left out): sent this once, never stored. */
export interface PartialFile {
  partial: Buffer;
}

export interface DerivedFiles {
  /** The stored file under `key`, or the one `make` returns, stored first (unless it is partial). */
  load(key: string, contentType: string, make: () => Promise<Buffer | PartialFile>): Promise<Buffer>;
}

export function createDerivedFiles(storage: Storage): DerivedFiles {
  // Requests for the same file while it is being made wait for that one making.
  const making = new Map<string, Promise<Buffer>>();
  return {
    async load(key, contentType, make) {
      const stored = await storage.get(key);
      if (stored) return stored.body;
      let pending = making.get(key);
      if (!pending) {
        pending = (async () => {
          const made = await make();
          if (!Buffer.isBuffer(made)) return made.partial;
          await storage.put(key, made, contentType);
          return made;
        })().finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}
