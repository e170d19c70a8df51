import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isAppError } from "#common/errors.ts";
import { REPORT_HIDE_THRESHOLD } from "#common/moderation.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { giveStanding, insertStickers, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { moderationActions, sessions, stickers, users } from "../db/schema.ts";
import { createSession } from "../sessions/create-session.ts";
import { banUser } from "./ban-user.ts";
import { reportSticker } from "./report-sticker.ts";

/**
 * Races that only real concurrent connections can run (decisions 0031, 0035): the report that crosses
 * the threshold of people hides the sticker behind its row lock, and a ban cannot miss a sign-in racing it.
 */
let t: TestApp;
let owner: TestSession;
const reporters: TestSession[] = [];
const REPORTERS = REPORT_HIDE_THRESHOLD * 4;
/** Accounts in pairs of one mailbox (`pair3+0@…`, `pair3+1@…`): two accounts, one person. */
const pairs: { session: TestSession; mailbox: string }[] = [];

describeOnPostgres("reports and bans under concurrency", () => {
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInTestUser(t, "owner@example.com");
    for (let i = 0; i < REPORTERS; i += 1) reporters.push(await signInTestUser(t, `race${i}@example.com`));
    // Each a person whose report counts (decision 0035).
    await giveStanding(t, ...reporters);
    for (let i = 0; i < REPORT_HIDE_THRESHOLD * 2; i += 1) {
      for (const tag of [0, 1])
        pairs.push({ session: await signInTestUser(t, `pair${i}+${tag}@example.com`), mailbox: `pair${i}` });
    }
    await giveStanding(t, ...pairs.map((pair) => pair.session));
  }, 120_000);
  afterAll(() => closeTestApp(t));

  it(`${REPORTERS} parallel reports of one sticker hide it exactly once and log it once; the ones after it find it gone`, async () => {
    const db = t.app.database.db;
    for (let round = 0; round < 5; round += 1) {
      const [sticker] = await insertStickers(t, owner.userId, 1);
      const settled = await Promise.allSettled(
        reporters.map((reporter) =>
          reportSticker(db, { userId: reporter.userId, stickerInstId: sticker!.stickerInstId, reason: "spam", note: "" }),
        ),
      );
      const hid = settled.filter((r) => r.status === "fulfilled" && r.value.hidden);
      const accepted = settled.filter((r) => r.status === "fulfilled");
      const refused = settled.flatMap((r) => (r.status === "rejected" ? [isAppError(r.reason) ? r.reason.code : r.reason] : []));
      expect(hid).toHaveLength(1);
      // Exactly the threshold's reports got in: after the one that hid it, the sticker is not there.
      expect(accepted).toHaveLength(REPORT_HIDE_THRESHOLD);
      expect(new Set(refused)).toEqual(new Set(["NOT_FOUND"]));
      const logged = await db.select().from(moderationActions).where(eq(moderationActions.stickerId, sticker!.id));
      expect(logged.map((row) => row.action)).toEqual(["hiddenByReports"]);
      const [row] = await db.select().from(stickers).where(eq(stickers.id, sticker!.id));
      expect(row!.hiddenReason).toBe("reports");
    }
  });

  it("parallel reports from accounts sharing mailboxes hide the sticker exactly once, when the accepted reports come from exactly the threshold's number of mailboxes", async () => {
    const db = t.app.database.db;
    for (let round = 0; round < 5; round += 1) {
      const [sticker] = await insertStickers(t, owner.userId, 1);
      const settled = await Promise.allSettled(
        pairs.map((pair) =>
          reportSticker(db, { userId: pair.session.userId, stickerInstId: sticker!.stickerInstId, reason: "spam", note: "" }),
        ),
      );
      expect(settled.filter((r) => r.status === "fulfilled" && r.value.hidden)).toHaveLength(1);
      const acceptedMailboxes = new Set(settled.flatMap((r, i) => (r.status === "fulfilled" ? [pairs[i]!.mailbox] : [])));
      expect(acceptedMailboxes.size).toBe(REPORT_HIDE_THRESHOLD);
      const refused = settled.flatMap((r) => (r.status === "rejected" ? [isAppError(r.reason) ? r.reason.code : r.reason] : []));
      expect(new Set(refused)).toEqual(new Set(["NOT_FOUND"]));
      const logged = await db.select().from(moderationActions).where(eq(moderationActions.stickerId, sticker!.id));
      expect(logged.map((row) => row.action)).toEqual(["hiddenByReports"]);
    }
  });

  it("sign-ins racing a ban: every session that exists afterwards is ended, or the sign-in was refused with ACCOUNT_BANNED", async () => {
    const db = t.app.database.db;
    const [staff] = await db.insert(users).values({ email: "race-admin@example.com", role: "admin" }).returning({ id: users.id });
    for (let round = 0; round < 5; round += 1) {
      const rogue = await signInTestUser(t, `rogue${round}@example.com`);
      const results = await Promise.allSettled([
        ...Array.from({ length: 6 }, () => createSession(db, rogue.userId)),
        banUser(t.app, { userId: staff!.id, role: "admin" }, { userId: rogue.userId, note: "" }),
        ...Array.from({ length: 6 }, () => createSession(db, rogue.userId)),
      ]);
      for (const result of results) {
        if (result.status === "rejected") expect(isAppError(result.reason, "ACCOUNT_BANNED")).toBe(true);
      }
      const live = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, rogue.userId), isNull(sessions.endedAt)));
      expect(live).toEqual([]);
    }
  });
});
