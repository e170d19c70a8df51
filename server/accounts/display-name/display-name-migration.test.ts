import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import { engineName } from "#tests/support/engine.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { NAME_ADJECTIVES, NAME_ANIMALS } from "./generated-name.ts";

const GENERATED = new RegExp(`^(${NAME_ADJECTIVES.join("|")}) (${NAME_ANIMALS.join("|")}) [1-9]\\d\\d$`);

/** Migration 0013's statement, run again on rows written as sign-up wrote them before it. */
const migration = readFileSync(new URL("../../../drizzle/0013_display_names.sql", import.meta.url), "utf8");

describe(`the display names of migration 0013 (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));

  async function nicks(ids: number[]) {
    const rows = await t.app.database.db.select({ id: users.id, nick: users.nick }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row.nick]));
  }

  it("gives every account whose nick is its address's local part (or empty) a generated name, and keeps chosen and Google names", async () => {
    const longLocal = `${"l".repeat(45)}@example.com`;
    const rows = await t.app.database.db
      .insert(users)
      .values([
        // What e-mail sign-up wrote: the local part.
        { email: "carol.jones+stickers@example.com", nick: "carol.jones+stickers" },
        // What Google sign-up wrote without a profile name, or with one equal to the local part.
        { email: "dave@example.com", nick: "Dave", googleId: "migration-sub-dave" },
        // A local part longer than 40 characters was cut to 40.
        { email: longLocal, nick: "l".repeat(40) },
        // No name at all.
        { email: "blank@example.com", nick: "" },
        { email: null, nick: "  " },
        // Names that are not the address's stay.
        { email: "erin@example.com", nick: "Erin Example", googleId: "migration-sub-erin" },
        { email: "frank.b@example.com", nick: "frank" },
      ])
      .returning({ id: users.id, email: users.email, nick: users.nick });
    const ids = rows.map((row) => row.id);
    await t.app.database.db.execute(sql.raw(migration));
    const after = await nicks(ids);
    const [carol, dave, long, blank, nobody, erin, frank] = rows;
    for (const row of [carol, dave, long, blank, nobody]) {
      const nick = after.get(row!.id) ?? "";
      expect(nick, row!.email ?? "(no address)").toMatch(GENERATED);
      if (row!.email) expect(nick.toLowerCase()).not.toContain(row!.email.split("@")[0]!.slice(0, 4));
    }
    expect(after.get(erin!.id)).toBe("Erin Example");
    expect(after.get(frank!.id)).toBe("frank");

    // Run again (another process starting, a second look): the names it gave are names now, kept as they are.
    await t.app.database.db.execute(sql.raw(migration));
    expect(await nicks(ids)).toEqual(after);
  });

  it("chooses from the account's id alone: the same account gets the same name again, and accounts spread over many names", async () => {
    const db = t.app.database.db;
    const rows = await db
      .insert(users)
      .values(Array.from({ length: 200 }, (_, index) => ({ email: `spread-${index}@example.com`, nick: `spread-${index}` })))
      .returning({ id: users.id });
    const ids = rows.map((row) => row.id);
    await db.execute(sql.raw(migration));
    const first = await nicks(ids);
    expect(new Set(first.values()).size).toBeGreaterThan(190);
    // Back to the local parts, migrated again: the same names.
    for (const [index, id] of ids.entries())
      await db
        .update(users)
        .set({ nick: `spread-${index}` })
        .where(eq(users.id, id));
    await db.execute(sql.raw(migration));
    expect(await nicks(ids)).toEqual(first);
  });
});
