/**
 * The PostgreSQL backup docs/deploy.md gives ("Backups"): `pg_dump --format=custom` of the app's
 * database, `pg_restore --no-owner` into an empty one, and the app opens the copy as it was — every
 * row of every table (the job queue's too), the search extensions, the migrations already applied.
 */
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOfEveryTable } from "#tests/support/data-folder.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { createPostgresDatabase, type PostgresDatabase } from "#tests/support/postgres-database.ts";
import { createGalleryTestApp } from "#tests/support/stickers.ts";
import { userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { openDatabase } from "../db/client.ts";
import { users } from "../db/schema.ts";

const hasPgTools = spawnSync("pg_dump", ["--version"]).status === 0 && spawnSync("pg_restore", ["--version"]).status === 0;

async function rowsAt(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await rowsOfEveryTable(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

let t: TestApp;
let copy: PostgresDatabase | null = null;

describeOnPostgres("the pg_dump / pg_restore backup of docs/deploy.md", () => {
  beforeAll(async () => {
    t = await createGalleryTestApp(2);
    await userWithPoints(t, "alice-dump@example.com", 25);
  });

  afterAll(async () => {
    await closeTestApp(t);
    await copy?.drop();
  });

  it.runIf(hasPgTools)(
    "restores every row into an empty database, which the app then opens as it was",
    async () => {
      const url = t.app.config.DATABASE_URL!;
      const dump = path.join(t.dataDir, "sticker.dump");
      // While the app runs: pg_dump reads one snapshot.
      execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, url]);
      copy = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, `sticker_restore_${process.pid}_${Date.now()}`);
      execFileSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${copy.url}`, dump]);
      const original = await rowsAt(url);
      expect(original["public.users"]).toHaveLength(1);
      expect(await rowsAt(copy.url)).toEqual(original);
      const restored = await openDatabase({ url: copy.url, pgliteDir: "memory://" });
      try {
        const [alice] = await restored.db
          .select({ point: users.point })
          .from(users)
          .where(eq(users.email, "alice-dump@example.com"));
        expect(alice?.point).toBeGreaterThanOrEqual(25);
        expect(await rowsAt(copy.url)).toEqual(original);
      } finally {
        await restored.close();
      }
    },
    120_000,
  );
});
