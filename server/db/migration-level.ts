import { readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { migrationsFolder } from "./client.ts";

/** How far a database's schema is: the migrations applied and the last one's name (e.g. `0011_pack_owner_order`). */
export interface MigrationLevel {
  applied: number;
  /** The last migration's tag, or null when none ran (or it is one this app does not know). */
  last: string | null;
  /** Drizzle's `created_at` of the last migration (its journal's `when`): the order of migrations. */
  lastWhen: number;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this app ships (`drizzle/meta/_journal.json`), oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The level this app's migrations bring a database to. */
export function appMigrationLevel(): MigrationLevel {
  const known = knownMigrations();
  const last = known.at(-1);
  return { applied: known.length, last: last?.tag ?? null, lastWhen: last?.when ?? 0 };
}

/** The level of an open PGlite database, from drizzle's own record of what it applied. */
export async function migrationLevelOf(client: PGlite): Promise<MigrationLevel> {
  const exists = await client.query<{ found: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as found",
  );
  if (!exists.rows[0]?.found) return { applied: 0, last: null, lastWhen: 0 };
  const { rows } = await client.query<{ applied: number; last_when: string | null }>(
    "select count(*)::int as applied, max(created_at)::text as last_when from drizzle.__drizzle_migrations",
  );
  const applied = rows[0]?.applied ?? 0;
  const lastWhen = Number(rows[0]?.last_when ?? 0);
  return { applied, last: knownMigrations().find((entry) => entry.when === lastWhen)?.tag ?? null, lastWhen };
}
