import path from "node:path";
import { SANDBOX_STATE_FILE } from "../billing/billing-options.ts";
import type { Config } from "../config.ts";
import { pgliteFolderOf } from "../db/client.ts";
import { FolderInUseError, type HeldFolder, holdPgliteFolder } from "../db/pglite-folder-lock.ts";
import { LOCAL_FILES_FOLDER } from "../storage/create-storage.ts";

/** The embedded site a backup reads or a restore fills: its data folder and where its files live. */
export interface BackupSite {
  dataDir: string;
  /** DATABASE_URL is set: the database is PostgreSQL, which these commands do not back up. */
  postgres: boolean;
  /** S3_BUCKET: the files live in the bucket, not in the data folder. */
  s3Bucket?: string | undefined;
}

export function backupSiteOf(config: Pick<Config, "DATA_DIR" | "DATABASE_URL" | "S3_BUCKET">): BackupSite {
  return { dataDir: path.resolve(config.DATA_DIR), postgres: Boolean(config.DATABASE_URL), s3Bucket: config.S3_BUCKET };
}

/** The parts of a data folder a backup holds; nothing else in it is read or replaced. */
export function partsOf(site: BackupSite) {
  return {
    pglite: pgliteFolderOf(site.dataDir),
    files: path.join(site.dataDir, LOCAL_FILES_FOLDER),
    sandbox: path.join(site.dataDir, SANDBOX_STATE_FILE),
  };
}

/** A backup or restore that cannot go on; the message says why and what to do. */
export class BackupError extends Error {
  override name = "BackupError";
}

export function refuseOnPostgres(site: BackupSite, command: "backup" | "restore"): void {
  if (!site.postgres) return;
  throw new BackupError(
    `npm run ${command} is for the embedded database, and DATABASE_URL names a PostgreSQL server: ` +
      `back it up with pg_dump / pg_restore as docs/deploy.md ("Backups") shows.`,
  );
}

/** Holds the PGlite folder for the command, or says the app must stop first. */
export async function holdWhileStopped(site: BackupSite): Promise<HeldFolder> {
  try {
    return await holdPgliteFolder(partsOf(site).pglite);
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    const { holder } = error;
    throw new BackupError(
      `Stop the app first (${holder.command} is running: pid ${holder.pid}, since ${holder.since}). ` +
        `The embedded database can be open in one process at a time, and a stopped app's data is consistent. ` +
        `If no such process runs any more, delete ${error.lockFile}.`,
    );
  }
}

/** `20261201-101500` (UTC), for archive and folder names. */
export function timeStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replaceAll("-", "")
    .replaceAll(":", "")
    .replace("T", "-");
}
