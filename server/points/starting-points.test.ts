import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail } from "#tests/support/accounts.ts";
import { describeOnPostgres, engineName } from "#tests/support/engine.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { findOrCreateEmailUser } from "../accounts/email-user.ts";
import { findOrCreateGoogleUser } from "../accounts/google/google-user.ts";
import { pointsLedger, users } from "../db/schema.ts";

/** The starting points are the mailbox's, given once (decision 0035). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EMAIL_LINK_CLIENT_LIMIT: "1000" });
});
afterAll(() => closeTestApp(t));

const db = () => t.app.database.db;
const pointsOf = async (userId: number) =>
  (await db().select({ point: users.point }).from(users).where(eq(users.id, userId)))[0]?.point;
const ledgerOf = (userId: number) => db().select().from(pointsLedger).where(eq(pointsLedger.userId, userId));

describe(`starting points once per mailbox (${engineName})`, () => {
  it("the first account of a mailbox starts with STARTING_POINTS; plus-address and Gmail-dot accounts of it start with 0 and an empty ledger", async () => {
    const first = await signInByEmail(t, "dave.jones@gmail.com");
    expect(await pointsOf(first.userId)).toBe(t.app.config.STARTING_POINTS);
    expect((await ledgerOf(first.userId)).map((row) => [row.reason, row.delta])).toEqual([
      ["signup", t.app.config.STARTING_POINTS],
    ]);
    for (const email of ["dave.jones+1@gmail.com", "davejones+2@googlemail.com", "DaveJones@gmail.com"]) {
      const again = await signInByEmail(t, email);
      expect(again.userId).not.toBe(first.userId);
      expect([email, await pointsOf(again.userId)]).toEqual([email, 0]);
      expect([email, await ledgerOf(again.userId)]).toEqual([email, []]);
    }
  });

  it("a Google account of a mailbox that already has an e-mail account starts with 0", async () => {
    const byLink = await signInByEmail(t, "erin@example.com");
    expect(await pointsOf(byLink.userId)).toBe(t.app.config.STARTING_POINTS);
    const google = await findOrCreateGoogleUser(db(), t.app.config, {
      identity: { sub: "google-erin-shop", email: "erin+shop@example.com", name: "Erin" },
      inviteCode: null,
    });
    expect(google.created).toBe(true);
    expect(await pointsOf(google.userId)).toBe(0);
    expect(await ledgerOf(google.userId)).toEqual([]);
  });

  it("another mailbox still starts with STARTING_POINTS, and signing in again grants nothing more", async () => {
    const other = await signInByEmail(t, "frank@example.com");
    await signInByEmail(t, "frank@example.com");
    expect(await pointsOf(other.userId)).toBe(t.app.config.STARTING_POINTS);
    expect(await ledgerOf(other.userId)).toHaveLength(1);
  });
});

describeOnPostgres("starting points under concurrency", () => {
  it("accounts of one mailbox signing up at once: exactly one gets the starting points, the others 0 with no ledger row", async () => {
    for (let round = 0; round < 5; round += 1) {
      const spellings = [
        `racer${round}@gmail.com`,
        `ra.cer${round}@gmail.com`,
        `racer${round}+1@gmail.com`,
        `racer${round}+2@googlemail.com`,
      ];
      const signedUp = await Promise.all(
        spellings.map((email) => findOrCreateEmailUser(db(), t.app.config, { email, inviteCode: null })),
      );
      expect(signedUp.every((user) => user.created)).toBe(true);
      const ids = signedUp.map((user) => user.userId);
      const rows = await db().select({ point: users.point }).from(users).where(inArray(users.id, ids));
      expect(rows.map((row) => row.point).sort((a, b) => b - a)).toEqual([t.app.config.STARTING_POINTS, 0, 0, 0]);
      const ledger = await db().select().from(pointsLedger).where(inArray(pointsLedger.userId, ids));
      expect(ledger).toHaveLength(1);
    }
  });
});
