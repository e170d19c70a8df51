import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineName } from "#tests/support/engine.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { users } from "../db/schema.ts";
import { mailboxOf } from "./mailbox.ts";

describe("mailboxOf", () => {
  it("lower-cases and trims", () => {
    expect(mailboxOf("  Ann@Example.COM ")).toBe("ann@example.com");
  });

  it("drops a +tag at every provider", () => {
    expect(mailboxOf("ann+stickers@example.com")).toBe("ann@example.com");
    expect(mailboxOf("ann+a+b@outlook.com")).toBe("ann@outlook.com");
    expect(mailboxOf("ann+@example.com")).toBe("ann@example.com");
  });

  it("drops dots at Gmail, and googlemail.com is gmail.com", () => {
    expect(mailboxOf("J.a.n.e.Doe@gmail.com")).toBe("janedoe@gmail.com");
    expect(mailboxOf("jane.doe+promo@googlemail.com")).toBe("janedoe@gmail.com");
    expect(mailboxOf("JaneDoe@GoogleMail.com")).toBe("janedoe@gmail.com");
  });

  it("keeps dots elsewhere, and Gmail look-alike domains as they are", () => {
    expect(mailboxOf("jane.doe@example.com")).toBe("jane.doe@example.com");
    expect(mailboxOf("jane.doe@gmail.co")).toBe("jane.doe@gmail.co");
    expect(mailboxOf("jane.doe@mail.gmail.com")).toBe("jane.doe@mail.gmail.com");
  });

  it("never makes an empty local part", () => {
    expect(mailboxOf("+tag@example.com")).toBe("+tag@example.com");
    expect(mailboxOf("...@gmail.com")).toBe("...@gmail.com");
    expect(mailboxOf(".+x@gmail.com")).toBe(".@gmail.com");
  });
});

describe(`the mailbox backfill of migration 0003 (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));

  it("gives existing users the same mailbox as mailboxOf", async () => {
    const emails = [
      "Plain@Example.com",
      "ann+stickers@example.com",
      "J.a.n.e.Doe@gmail.com",
      "jane.doe+promo@googlemail.com",
      "jane.doe@gmail.co",
      "+tag@example.com",
      ".+x@gmail.com",
      "a+b+c@mail.gmail.com",
    ];
    const db = t.app.database.db;
    const rows = await db
      .insert(users)
      .values(emails.map((email) => ({ email })))
      .returning({ id: users.id, email: users.email });
    const migration = readFileSync(new URL("../../drizzle/0003_invite_rewards.sql", import.meta.url), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((part) => part.includes('SET "mailbox"'));
    if (!backfill) throw new Error("no mailbox backfill in migration 0003");
    await db.execute(sql.raw(backfill));
    for (const row of rows) {
      const [stored] = await db.select({ mailbox: users.mailbox }).from(users).where(eq(users.id, row.id));
      expect(stored?.mailbox, row.email ?? "").toBe(mailboxOf(row.email ?? ""));
    }
  });
});
