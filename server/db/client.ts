import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { holdPgliteFolder } from "./pglite-folder-lock.ts";
import * as schema from "./schema.ts";
import { withStartupLock } from "./startup-lock.ts";

/** Both drivers expose the same query builder; the node-postgres type names it. */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite handle (pg-boss's embedded adapter needs it), or null on PostgreSQL. */
  pglite: PGlite | null;
  /** The pg pool on PostgreSQL, or null on PGlite. */
  pool: pg.Pool | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** The embedded database's folder inside the data folder. */
export function pgliteFolderOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), "pglite");
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  /** An idle pooled connection failed (database restart, connection killed): it is dropped and replaced. */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * A dumped PGlite data folder (`PGlite.dumpDataDir`) the in-memory database starts from instead of an
   * empty cluster; the migrations still run on it. Tests start every database from one migrated copy
   * (tests/support/migrated-templates.ts) rather than making a cluster each time.
   */
  pgliteStart?: Blob | undefined;
}

/** Opens the database and applies the committed migrations (the same on both engines). */
export async function openDatabase({
  url,
  pgliteDir,
  onIdleConnectionError,
  pgliteStart,
}: OpenDatabaseOptions): Promise<Database> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // Without a listener, an idle connection's error (e.g. the server restarting) would crash the process.
    pool.on("error", (error) => onIdleConnectionError?.(error));
    const db = drizzlePg(pool, { schema });
    // Many processes may start at once on an empty database: one migrates, the others wait (decision 0020).
    await withStartupLock(pool, "schema", () => migratePg(db, { migrationsFolder }));
    return {
      db,
      kind: "postgres",
      pglite: null,
      pool,
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
    };
  }
  const onDisk = !pgliteDir.startsWith("memory://");
  // One process at a time on a PGlite folder: a second one stops here, naming the first (decision 0038).
  const held = onDisk ? await holdPgliteFolder(pgliteDir) : null;
  let client: PGlite | null = null;
  try {
    client = await createPglite(pgliteDir, onDisk ? undefined : pgliteStart);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    const open = client;
    return {
      db,
      kind: "pglite",
      pglite: open,
      pool: null,
      ping: async () => void (await open.query("select 1")),
      close: async () => {
        try {
          await open.close();
        } finally {
          await held?.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await held?.release();
    throw error;
  }
}

/**
 * A PGlite database in `pgliteDir` (made when missing; in memory, from `start` when given) with the
 * extensions the schema uses, without migrations. The caller holds the folder when it is on disk
 * (`holdPgliteFolder`).
 */
export async function createPglite(pgliteDir: string, start?: Blob): Promise<PGlite> {
  if (!pgliteDir.startsWith("memory://")) await mkdir(path.resolve(pgliteDir), { recursive: true });
  // Search needs pg_trgm and unaccent (decision 0030); migration 0005 creates them in the database.
  return PGlite.create(pgliteDir, { extensions: { pg_trgm, unaccent }, ...(start ? { loadDataDir: start } : {}) });
}
