import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, opendir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { createPglite } from "../db/client.ts";
import { EXPORT_FILE_PREFIXES } from "../maintenance/sweep-exports.ts";
import { STORAGE_KEY_PATTERN } from "../storage/storage.ts";
import { BackupError, type BackupSite, holdWhileStopped, partsOf, refuseOnPostgres, timeStamp } from "./backup-site.ts";
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATABASE_ENTRY,
  databaseFactsOf,
  FILES_ENTRY,
  MANIFEST_ENTRY,
} from "./manifest.ts";
import { type TarEntryToWrite, writeTar } from "./tar.ts";

/**
 * `npm run backup` (decision 0038): one `.tar.gz` holding the embedded database's folder, the stored
 * files and the payments sandbox's state, with a manifest first. It runs only while the app is
 * stopped (it holds the PGlite folder as the app would), so what it copies is consistent.
 */
export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

interface FolderItem {
  /** Relative to the folder, with `/`. */
  relative: string;
  type: "file" | "directory";
  size: number;
  mtime: Date;
}

/** Every folder and file under `root` (folders before what they hold); anything else stops the backup. */
async function listFolder(root: string, relative = ""): Promise<FolderItem[]> {
  const items: FolderItem[] = [];
  for await (const entry of await opendir(path.join(root, relative))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    const info = await stat(path.join(root, child));
    if (entry.isDirectory()) {
      items.push({ relative: child, type: "directory", size: 0, mtime: info.mtime });
      items.push(...(await listFolder(root, child)));
    } else if (entry.isFile()) {
      items.push({ relative: child, type: "file", size: info.size, mtime: info.mtime });
    } else {
      throw new BackupError(
        `${path.join(root, child)} is neither a file nor a folder: the database folder is not as PGlite leaves it`,
      );
    }
  }
  return items.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
}

/** The stored files: the keys to keep, and the caches left out. */
async function listStoredFiles(folder: string) {
  const kept: FolderItem[] = [];
  const caches = { count: 0, bytes: 0 };
  if (!existsSync(folder)) return { kept, caches };
  for await (const entry of await opendir(folder)) {
    // A `.part` file is a write that never finished; anything else not a key is nothing the app reads.
    if (!entry.isFile() || !STORAGE_KEY_PATTERN.test(entry.name)) continue;
    const info = await stat(path.join(folder, entry.name));
    if (EXPORT_FILE_PREFIXES.some((prefix) => entry.name.startsWith(prefix))) {
      caches.count += 1;
      caches.bytes += info.size;
    } else {
      kept.push({ relative: entry.name, type: "file", size: info.size, mtime: info.mtime });
    }
  }
  kept.sort((a, b) => (a.relative < b.relative ? -1 : 1));
  return { kept, caches };
}

function fileEntry(root: string, item: FolderItem, prefix: string): TarEntryToWrite {
  return {
    path: prefix ? `${prefix}/${item.relative}` : item.relative,
    type: item.type,
    size: item.size,
    mtime: item.mtime,
    ...(item.type === "file" ? { body: createReadStream(path.join(root, item.relative)) as AsyncIterable<Buffer> } : {}),
  };
}

export async function backUp(site: BackupSite, options: { file?: string; now?: Date } = {}): Promise<BackupResult> {
  refuseOnPostgres(site, "backup");
  const parts = partsOf(site);
  if (!existsSync(path.join(parts.pglite, "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${parts.pglite} to back up: is DATA_DIR the folder npm start uses?`);
  }
  const now = options.now ?? new Date();
  const file = path.resolve(options.file ?? path.join(site.dataDir, "backups", `sticker-studio-${timeStamp(now)}.tar.gz`));
  if (existsSync(file)) throw new BackupError(`${file} already exists: name another file.`);
  const held = await holdWhileStopped(site);
  try {
    // Opening and closing the database finishes whatever a crashed app left half done (PostgreSQL's
    // recovery), and closing it writes everything out: the folder on disk is then complete.
    const client = await createPglite(parts.pglite);
    let facts: Awaited<ReturnType<typeof databaseFactsOf>>;
    try {
      facts = await databaseFactsOf(client);
    } finally {
      await client.close();
    }
    const database = await listFolder(parts.pglite);
    const stored = site.s3Bucket ? { kept: [], caches: { count: 0, bytes: 0 } } : await listStoredFiles(parts.files);
    const extras = existsSync(parts.sandbox) ? [path.basename(parts.sandbox)] : [];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      app: { version: appVersion() },
      migrations: facts.migrations,
      database: {
        engine: "pglite",
        postgres: facts.postgres,
        entries: database.length,
        bytes: database.reduce((sum, item) => sum + item.size, 0),
        tables: facts.tables,
        pointsHeld: facts.pointsHeld,
      },
      files: {
        storage: site.s3Bucket ? "s3" : "local",
        ...(site.s3Bucket ? { bucket: site.s3Bucket } : {}),
        count: stored.kept.length,
        bytes: stored.kept.reduce((sum, item) => sum + item.size, 0),
        leftOutCaches: stored.caches,
      },
      extras,
    };
    async function* entries(): AsyncGenerator<TarEntryToWrite> {
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      yield { path: MANIFEST_ENTRY, type: "file", size: text.length, mtime: now, body: text };
      yield { path: DATABASE_ENTRY, type: "directory", size: 0, mtime: now };
      for (const item of database) yield fileEntry(parts.pglite, item, DATABASE_ENTRY);
      if (manifest.files.storage === "local") {
        yield { path: FILES_ENTRY, type: "directory", size: 0, mtime: now };
        for (const item of stored.kept) yield fileEntry(parts.files, item, FILES_ENTRY);
      }
      for (const name of extras) {
        const info = await stat(path.join(site.dataDir, name));
        yield fileEntry(site.dataDir, { relative: name, type: "file", size: info.size, mtime: info.mtime }, "");
      }
    }
    await mkdir(path.dirname(file), { recursive: true });
    // Written under another name first: a backup that fails half way never passes for a whole one.
    const partial = `${file}.partial`;
    try {
      await pipeline(Readable.from(writeTar(entries())), createGzip(), createWriteStream(partial, { flags: "wx" }));
      await rename(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        throw new BackupError(`${partial} exists: is another backup writing it?`);
      await rm(partial, { force: true });
      throw error;
    }
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await held.release();
  }
}
