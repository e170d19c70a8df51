import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { SANDBOX_STATE_FILE } from "../billing/billing-options.ts";
import { createPglite } from "../db/client.ts";
import { appMigrationLevel } from "../db/migration-level.ts";
import { STORAGE_KEY_PATTERN } from "../storage/storage.ts";
import { BackupError, type BackupSite, holdWhileStopped, partsOf, refuseOnPostgres, timeStamp } from "./backup-site.ts";
import {
  type BackupManifest,
  DATABASE_ENTRY,
  databaseFactsOf,
  describeLeftOut,
  FILES_ENTRY,
  factDifferences,
  MANIFEST_ENTRY,
  manifestSchema,
} from "./manifest.ts";
import { readTar, TarFormatError } from "./tar.ts";

/**
 * `npm run restore -- <file> [--force]` (decision 0038): puts a backup back into the data folder.
 * Everything is unpacked and checked in a folder of its own first (manifest, counts, the database
 * opening and holding what the manifest says); only then does it take the place of the data folder's
 * database, files and sandbox state. Those are moved aside, never deleted, and only with `--force`.
 */
export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data folder's previous database and files went, or null when it had none. */
  movedAside: string | null;
  /** Migrations newer than the backup that the next start applies. */
  pendingMigrations: number;
  /** What the operator should know (files in a bucket, …). */
  notes: string[];
}

const MAX_MANIFEST_BYTES = 1 << 20;
const DATABASE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

async function isNonEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function notABackup(archive: string, reason: string): BackupError {
  return new BackupError(`${archive} is not a Sticker Studio backup, or it is damaged: ${reason}. Nothing was changed.`);
}

function readManifest(archive: string, text: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text.toString("utf8"));
  } catch {
    throw notABackup(archive, "its manifest is not JSON");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notABackup(
      archive,
      `its manifest is not one this version reads (${issue?.path.join(".") || "manifest"}: ${issue?.message ?? "?"})`,
    );
  }
  const manifest = parsed.data;
  const app = appMigrationLevel();
  if (manifest.migrations.lastWhen > app.lastWhen) {
    throw new BackupError(
      `${archive} was made by a newer Sticker Studio (${manifest.app.version}, migration ${manifest.migrations.last ?? `#${manifest.migrations.applied}`}); ` +
        `this one knows migrations up to ${app.last}. Update the app, then restore. Nothing was changed.`,
    );
  }
  return manifest;
}

/** What an archive unpacked into the staging folder held. */
interface Unpacked {
  manifest: BackupManifest;
  databaseEntries: number;
  databaseBytes: number;
  files: number;
  fileBytes: number;
  extras: string[];
}

async function writeEntry(archive: string, target: string, body: AsyncIterable<Buffer>): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await pipeline(Readable.from(body), createWriteStream(target, { flags: "wx" }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw notABackup(archive, `it holds ${path.basename(target)} twice`);
    throw error;
  }
}

async function unpack(archive: string, staging: string): Promise<Unpacked> {
  const source = createReadStream(archive);
  const gunzip = createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let manifest: BackupManifest | null = null;
  const found: Omit<Unpacked, "manifest"> = { databaseEntries: 0, databaseBytes: 0, files: 0, fileBytes: 0, extras: [] };
  try {
    for await (const entry of readTar(gunzip)) {
      if (!manifest) {
        if (entry.path !== MANIFEST_ENTRY || entry.type !== "file" || entry.size > MAX_MANIFEST_BYTES) {
          throw notABackup(archive, `it does not start with ${MANIFEST_ENTRY}`);
        }
        manifest = readManifest(archive, await collect(entry.body));
        continue;
      }
      if (entry.path === DATABASE_ENTRY && entry.type === "directory") {
        await mkdir(path.join(staging, "pglite"), { recursive: true });
      } else if (entry.path.startsWith(`${DATABASE_ENTRY}/`)) {
        const segments = entry.path.slice(DATABASE_ENTRY.length + 1).split("/");
        if (!segments.every((segment) => DATABASE_NAME.test(segment)))
          throw notABackup(archive, `an unexpected name ${entry.path}`);
        const target = path.join(staging, "pglite", ...segments);
        if (entry.type === "directory") await mkdir(target, { recursive: true });
        else await writeEntry(archive, target, entry.body);
        found.databaseEntries += 1;
        found.databaseBytes += entry.size;
      } else if (entry.path === FILES_ENTRY && entry.type === "directory") {
        await mkdir(path.join(staging, "files"), { recursive: true });
      } else if (entry.path.startsWith(`${FILES_ENTRY}/`) && entry.type === "file") {
        const key = entry.path.slice(FILES_ENTRY.length + 1);
        if (!STORAGE_KEY_PATTERN.test(key)) throw notABackup(archive, `an unexpected name ${entry.path}`);
        await writeEntry(archive, path.join(staging, "files", key), entry.body);
        found.files += 1;
        found.fileBytes += entry.size;
      } else if (entry.path === SANDBOX_STATE_FILE && entry.type === "file" && manifest.extras.includes(entry.path)) {
        await writeEntry(archive, path.join(staging, entry.path), entry.body);
        found.extras.push(entry.path);
      } else {
        throw notABackup(archive, `an entry a backup never holds (${entry.path})`);
      }
    }
  } catch (error) {
    if (error instanceof TarFormatError) throw notABackup(archive, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string" && code.startsWith("Z_"))
      throw notABackup(archive, `not a whole gzip file (${(error as Error).message})`);
    throw error;
  } finally {
    source.destroy();
  }
  if (!manifest) throw notABackup(archive, "it is empty");
  const promised: [string, number, number][] = [
    ["database entries", manifest.database.entries, found.databaseEntries],
    ["database bytes", manifest.database.bytes, found.databaseBytes],
    ["files", manifest.files.count, found.files],
    ["file bytes", manifest.files.bytes, found.fileBytes],
    ["extra files", manifest.extras.length, found.extras.length],
  ];
  for (const [what, expected, actual] of promised) {
    if (expected !== actual) throw notABackup(archive, `it holds ${actual} ${what} where its manifest says ${expected}`);
  }
  return { manifest, ...found };
}

/** Opens the unpacked database and checks it holds what the manifest says, table by table. */
async function checkDatabase(archive: string, folder: string, manifest: BackupManifest): Promise<void> {
  if (!existsSync(path.join(folder, "PG_VERSION"))) throw notABackup(archive, "it holds no database");
  let facts: Awaited<ReturnType<typeof databaseFactsOf>>;
  try {
    const client = await createPglite(folder);
    try {
      facts = await databaseFactsOf(client);
    } finally {
      await client.close();
    }
  } catch (error) {
    throw notABackup(archive, `its database does not open (${(error as Error).message})`);
  }
  const differences = factDifferences(manifest, facts);
  if (differences.length > 0) {
    throw notABackup(archive, `its database does not hold what its manifest says (${differences.slice(0, 5).join("; ")})`);
  }
}

export async function restoreBackup(
  site: BackupSite,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  refuseOnPostgres(site, "restore");
  const archive = path.resolve(file);
  const info = await stat(archive).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`${archive}: no such file`);
  await mkdir(site.dataDir, { recursive: true });
  const held = await holdWhileStopped(site);
  try {
    const parts = partsOf(site);
    const present: string[] = [];
    if (await isNonEmptyFolder(parts.pglite)) present.push(parts.pglite);
    if (await isNonEmptyFolder(parts.files)) present.push(parts.files);
    if (existsSync(parts.sandbox)) present.push(parts.sandbox);
    const stamp = timeStamp(options.now ?? new Date());
    const aside = path.join(site.dataDir, `before-restore-${stamp}`);
    if (present.length > 0 && !options.force) {
      const names = present.map((part) => path.basename(part)).join(", ");
      throw new BackupError(
        `${site.dataDir} already holds data (${names}): a restore would replace it. ` +
          `Run it again with --force to move that aside (to ${aside}) and restore.`,
      );
    }
    const staging = path.join(site.dataDir, `.restoring-${stamp}`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging);
    try {
      const unpacked = await unpack(archive, staging);
      const { manifest } = unpacked;
      await checkDatabase(archive, path.join(staging, "pglite"), manifest);
      // Checked: now the swap. The old parts go aside first, then the new ones take their names.
      if (present.length > 0) {
        await mkdir(aside);
        for (const part of present) await rename(part, path.join(aside, path.basename(part)));
      }
      for (const folder of [parts.pglite, parts.files]) await rmdir(folder).catch(() => undefined);
      await rename(path.join(staging, "pglite"), parts.pglite);
      if (existsSync(path.join(staging, "files"))) await rename(path.join(staging, "files"), parts.files);
      for (const name of unpacked.extras) await rename(path.join(staging, name), path.join(site.dataDir, name));
      const notes: string[] = [];
      if (manifest.files.storage === "s3") {
        notes.push(
          `Its files are in the S3 bucket ${manifest.files.bucket ?? "?"}, not in the archive: that bucket must hold them (docs/deploy.md, "Backups").`,
        );
      } else if (site.s3Bucket) {
        notes.push(
          `S3_BUCKET is set, so the app reads files from ${site.s3Bucket}, not from the ${unpacked.files} restored in ${parts.files}.`,
        );
      }
      if (manifest.files.leftOutCaches.count > 0) {
        notes.push(`The backup left out ${describeLeftOut(manifest)}: they are made again when asked.`);
      }
      return {
        manifest,
        movedAside: present.length > 0 ? aside : null,
        pendingMigrations: Math.max(0, appMigrationLevel().applied - manifest.migrations.applied),
        notes,
      };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    await held.release();
  }
}
