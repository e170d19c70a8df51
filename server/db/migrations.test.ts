import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineName } from "#tests/support/engine.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { openDatabase } from "./client.ts";

let t: TestApp;
beforeAll(async () => {
  // From an empty database, as a first start migrates (other test apps start from a migrated copy).
  t = await createTestApp({}, {}, { fromEmpty: true });
});
afterAll(() => closeTestApp(t));

const SPEC_TABLES = [
  "users",
  "sessions",
  "email_links",
  "stickers",
  "sticker_tags",
  "pictures",
  "tags",
  "styles",
  "prompts",
  "tips",
  "favorites",
  "tasks",
  "points_ledger",
  "subscriptions",
  "trades",
  "payment_events",
  "invites",
  "events",
  "client_errors",
  "feedback",
];

describe(`migrations (${engineName})`, () => {
  it("create a table for everything the spec names", async () => {
    const result = await t.app.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = result.rows.map((row) => row.table_name);
    for (const table of SPEC_TABLES) expect(names).toContain(table);
  });

  it("keep a points balance from going below zero at the database level", async () => {
    await expect(
      t.app.database.db.execute(sql`insert into users (email, point) values ('neg@example.com', -1)`),
    ).rejects.toThrow();
  });

  it("apply once: opening the same database again changes nothing", async () => {
    if (t.app.database.kind !== "pglite") {
      const again = await openDatabase({ url: t.app.config.DATABASE_URL, pgliteDir: "memory://" });
      const applied = await again.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]?.n).toBeGreaterThan(0);
      await again.close();
    } else {
      const applied = await t.app.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(readFileSync(new URL("../../drizzle/meta/_journal.json", import.meta.url), "utf8"));
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
    }
  });
});
