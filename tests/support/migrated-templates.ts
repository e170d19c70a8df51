/**
 * One migrated database per engine for a whole unit run. Vitest's global setup makes them once: an
 * embedded PGlite cluster with every committed migration, dumped to a file, and on PostgreSQL
 * (TEST_ENGINE=postgres) a migrated database to copy. Every test app starts from one
 * (tests/support/test-app.ts) instead of making a PGlite cluster (about 1.5 s each on this machine) or
 * migrating a new PostgreSQL database (about 1 s). Both are named after the migrations (and PGlite's
 * version), so a new migration makes new ones; the migrator still runs on every start, a no-op on them.
 * The migrations themselves are proved from empty by server/db/migrations.test.ts, the cluster and the
 * browser tests' servers.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrationsFolder, openDatabase } from "#server/db/client.ts";
import { createPostgresDatabase } from "./postgres-database.ts";

const cacheFolder = fileURLToPath(new URL("../../node_modules/.cache/test-pglite/", import.meta.url));

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

let hashed: Promise<string> | undefined;

/** A hash of every migration file and of PGlite's version, worked out once per process. */
function migrationsHash(): Promise<string> {
  hashed ??= hashMigrations();
  return hashed;
}

async function hashMigrations(): Promise<string> {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    await readFile(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url), "utf8"),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of await filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

const pgliteFile = async () => path.join(cacheFolder, `migrated-${await migrationsHash()}.tar`);
const postgresName = async () => `sticker_template_${await migrationsHash()}`;

/** Vitest's global setup (tests/setup/migrated-templates.ts): makes what is missing. */
export async function buildMigratedTemplates(): Promise<void> {
  await buildPgliteTemplate();
  const base = process.env.TEST_DATABASE_URL;
  if (base && process.env.TEST_ENGINE === "postgres") await buildPostgresTemplate(base);
}

async function buildPgliteTemplate(): Promise<void> {
  const file = await pgliteFile();
  if (await stat(file).catch(() => null)) return;
  const database = await openDatabase({ pgliteDir: "memory://" });
  try {
    const dump = await database.pglite!.dumpDataDir("none");
    await mkdir(cacheFolder, { recursive: true });
    for (const old of await readdir(cacheFolder)) await rm(path.join(cacheFolder, old), { force: true });
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
}

/**
 * The migrated PostgreSQL database, made under a name of its own and renamed when complete, so a run
 * beside this one never copies a half-migrated one; older templates are dropped.
 */
async function buildPostgresTemplate(base: string): Promise<void> {
  const name = await postgresName();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const existing = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'sticker\\_template\\_%'",
    );
    if (existing.rows.some((row) => row.datname === name)) return;
    const building = await createPostgresDatabase(base, `${name}_${process.pid}`, { replace: true });
    const database = await openDatabase({ url: building.url, pgliteDir: "memory://" });
    await database.close();
    try {
      await admin.query(`alter database ${name}_${process.pid} rename to ${name}`);
    } catch {
      await building.drop(); // another run finished one first
    }
    for (const row of existing.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
  } finally {
    await admin.end();
  }
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/**
 * The migrated PGlite template for this process, read once; undefined when no global setup made it (a
 * test run some other way), and the app then makes its own cluster as production does.
 */
export function migratedPgliteTemplate(): Promise<Blob | undefined> {
  pgliteTemplate ??= pgliteFile().then((file) =>
    readFile(file).then(
      (bytes) => new Blob([bytes]),
      () => undefined,
    ),
  );
  return pgliteTemplate;
}

let postgresTemplate: Promise<string | undefined> | undefined;

/** The migrated PostgreSQL database to copy, looked up once; undefined when the global setup made none. */
export function migratedPostgresTemplate(base: string): Promise<string | undefined> {
  postgresTemplate ??= findPostgresTemplate(base);
  return postgresTemplate;
}

async function findPostgresTemplate(base: string): Promise<string | undefined> {
  const name = await postgresName();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    return found.rowCount ? name : undefined;
  } finally {
    await admin.end();
  }
}
