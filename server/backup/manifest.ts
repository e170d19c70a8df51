import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { migrationLevelOf } from "../db/migration-level.ts";

/**
 * `manifest.json`, the first entry of a backup archive (decision 0038): what made it, how far its
 * schema is, and what it holds, so a restore can check the archive before it touches the data folder
 * and check the database it put back.
 */
export const BACKUP_FORMAT = "sticker-studio-backup";
export const BACKUP_FORMAT_VERSION = 1;
/** The archive's layout: the manifest first, then the PGlite folder, the stored files, the sandbox's state. */
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRY = "database/pglite";
export const FILES_ENTRY = "files";

const count = z.number().int().nonnegative();

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.object({ version: z.string() }),
  migrations: z.object({ applied: count, last: z.string().nullable(), lastWhen: count }),
  database: z.object({
    engine: z.literal("pglite"),
    postgres: z.string(),
    /** Folders and files of the PGlite folder, and their bytes. */
    entries: count,
    bytes: count,
    /** Rows per table of the public schema. */
    tables: z.record(z.string(), count),
    /** The sum of every user's points balance. */
    pointsHeld: z.number().int(),
  }),
  files: z.object({
    storage: z.enum(["local", "s3"]),
    bucket: z.string().optional(),
    count,
    bytes: count,
    /** Derived downloads and pack archives, left out: a request that misses one makes it again (decision 0034). */
    leftOutCaches: z.object({ count, bytes: count }),
  }),
  /** Other files of the data folder it holds (the payments sandbox's state). */
  extras: z.array(z.string()),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** What a database holds, as a manifest records it and a restore checks it. */
export interface DatabaseFacts {
  migrations: BackupManifest["migrations"];
  postgres: string;
  tables: Record<string, number>;
  pointsHeld: number;
}

export async function databaseFactsOf(client: PGlite): Promise<DatabaseFacts> {
  const migrations = await migrationLevelOf(client);
  const version = await client.query<{ version: string }>("select current_setting('server_version') as version");
  const names = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const tables: Record<string, number> = {};
  for (const { name } of names.rows) {
    const result = await client.query<{ rows: number }>(
      `select count(*)::int as rows from public."${name.replaceAll('"', '""')}"`,
    );
    tables[name] = result.rows[0]?.rows ?? 0;
  }
  let pointsHeld = 0;
  if ("users" in tables) {
    const sum = await client.query<{ points: number }>("select coalesce(sum(point), 0)::int as points from users");
    pointsHeld = sum.rows[0]?.points ?? 0;
  }
  return { migrations, postgres: version.rows[0]?.version ?? "?", tables, pointsHeld };
}

/** The differences between what a manifest promised and what a database holds ("users: 3 in the manifest, 2 here"). */
export function factDifferences(manifest: BackupManifest, facts: DatabaseFacts): string[] {
  const differences: string[] = [];
  if (facts.migrations.applied !== manifest.migrations.applied || facts.migrations.lastWhen !== manifest.migrations.lastWhen) {
    differences.push(`migrations: ${manifest.migrations.applied} in the manifest, ${facts.migrations.applied} in the database`);
  }
  const names = new Set([...Object.keys(manifest.database.tables), ...Object.keys(facts.tables)]);
  for (const name of [...names].sort()) {
    const promised = manifest.database.tables[name];
    const found = facts.tables[name];
    if (promised !== found)
      differences.push(`${name}: ${promised ?? "no table"} in the manifest, ${found ?? "no table"} in the database`);
  }
  if (manifest.database.pointsHeld !== facts.pointsHeld) {
    differences.push(`points held: ${manifest.database.pointsHeld} in the manifest, ${facts.pointsHeld} in the database`);
  }
  return differences;
}

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string };
  return pkg.version ?? "?";
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "1 cached file (120 KB)" / "3 cached files (…)": derived downloads and pack archives a backup leaves out. */
export function describeLeftOut(manifest: BackupManifest): string {
  const { count, bytes } = manifest.files.leftOutCaches;
  return `${count} cached ${count === 1 ? "file" : "files"} (derived downloads and pack archives, ${formatBytes(bytes)})`;
}

/** One line of what a backup holds, for the operator. */
export function describeManifest(manifest: BackupManifest): string {
  const t = manifest.database.tables;
  const files =
    manifest.files.storage === "s3"
      ? `files in the S3 bucket ${manifest.files.bucket ?? ""} (not in the archive)`
      : `${manifest.files.count} files (${formatBytes(manifest.files.bytes)})`;
  return [
    `migration ${manifest.migrations.last ?? `#${manifest.migrations.applied}`}`,
    `${t.users ?? 0} users`,
    `${t.stickers ?? 0} stickers`,
    `${t.packs ?? 0} packs`,
    `${manifest.database.pointsHeld} points held`,
    files,
  ].join(", ");
}
