import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EXPLORE_RULE_FAVORITES,
  REPORT_HIDE_THRESHOLD,
  STANDING_MIN_ACCOUNT_HOURS,
  STANDING_MIN_STICKERS,
} from "#common/moderation.ts";
import { engineName } from "#tests/support/engine.ts";
import {
  callApi,
  giveStanding,
  insertStickers,
  signInStandingUser,
  signInTestUser,
  type TestSession,
} from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { reports, stickers, stickerTags, users } from "../db/schema.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { seedDatabase } from "../seed/seed-database.ts";
import { EXPLORE_TAG } from "../stickers/tags.ts";
import { grantRole } from "./grant-role.ts";

/**
 * Moderation counts people, not accounts (decision 0035): reports that hide a sticker and favourites
 * that bring one into explore count distinct mailboxes, never the owner's, and only accounts with
 * standing; every report and favourite is still recorded.
 */
let t: TestApp;
let moderator: TestSession;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_LIST_CACHE_SECONDS: "0", PAGE_CACHE_SECONDS: "0" });
  // The list tags (latest, explore) the stickers join.
  await seedDatabase(t.app, createOfflineProvider(), { gallerySize: 1 });
  moderator = await signInTestUser(t, "people-mod@example.com");
  await grantRole(t.app.database.db, { email: "people-mod@example.com", role: "moderator" });
}, 120_000);
afterAll(() => closeTestApp(t));

const db = () => t.app.database.db;
const post = (path: string, body: Record<string, unknown>, session: TestSession) => callApi(t, "POST", path, { body, session });

/** A new mailbox's name, e.g. `m3`: its accounts are `m3@…`, `m3+1@…`, `m.3@gmail.com`… */
function mailboxName(): string {
  seq += 1;
  return `m${seq}`;
}

/** `count` accounts of one mailbox (plus-addresses), each with standing. */
async function accountsOfOneMailbox(count: number, name = mailboxName()): Promise<TestSession[]> {
  const accounts = [];
  for (let i = 0; i < count; i += 1) accounts.push(await signInStandingUser(t, `${name}+${i}@example.com`));
  return accounts;
}

/** `count` people: accounts of distinct mailboxes, each with standing. */
async function people(count: number): Promise<TestSession[]> {
  const list = [];
  for (let i = 0; i < count; i += 1) list.push(await signInStandingUser(t, `${mailboxName()}@example.com`));
  return list;
}

async function publicSticker(owner: TestSession): Promise<{ stickerInstId: string; id: number }> {
  const [row] = await insertStickers(t, owner.userId, 1);
  await db().insert(stickerTags).values({ stickerId: row!.id, tagId: 1 });
  return row!;
}

const report = async (sticker: { stickerInstId: string }, reporter: TestSession) => {
  const answer = await post("/api/sticker/report", { stickerInstId: sticker.stickerInstId, reason: "spam" }, reporter);
  expect(answer.body.status).toBe(200);
  return answer.body.data.hidden as boolean;
};
const favourite = async (sticker: { stickerInstId: string }, fan: TestSession) =>
  expect((await post("/api/favorite", { stickerInstId: sticker.stickerInstId }, fan)).body.status).toBe(200);
const hiddenAt = async (sticker: { id: number }) =>
  (await db().select({ hiddenAt: stickers.hiddenAt }).from(stickers).where(eq(stickers.id, sticker.id)))[0]?.hiddenAt ?? null;
const inExplore = async (sticker: { id: number }) =>
  (await db().select().from(stickerTags).where(eq(stickerTags.stickerId, sticker.id))).some((row) => row.tagId === EXPLORE_TAG);
const storedReports = async (sticker: { id: number }) => db().select().from(reports).where(eq(reports.stickerId, sticker.id));

describe(`reports that hide a sticker count people (${engineName})`, () => {
  it(`${REPORT_HIDE_THRESHOLD} plus-addresses of one mailbox cannot hide an editor's pick: their reports are stored and queued, and count as one person`, async () => {
    const owner = await signInStandingUser(t, `${mailboxName()}@example.com`);
    const pick = await publicSticker(owner);
    expect((await post("/api/admin/pick", { stickerInstId: pick.stickerInstId }, moderator)).body.status).toBe(200);
    for (const account of await accountsOfOneMailbox(REPORT_HIDE_THRESHOLD)) expect(await report(pick, account)).toBe(false);
    expect(await hiddenAt(pick)).toBeNull();
    expect(await inExplore(pick)).toBe(true);
    expect(await storedReports(pick)).toHaveLength(REPORT_HIDE_THRESHOLD);
    const queue = await callApi(t, "GET", "/api/admin/queue", { params: { size: "100" }, session: moderator });
    const item = queue.body.data.list.find((entry: { stickerInstId: string }) => entry.stickerInstId === pick.stickerInstId);
    expect(item.reasons).toEqual([{ reason: "spam", count: REPORT_HIDE_THRESHOLD }]);
    // Two more people make three: the sticker is hidden pending review.
    const [second, third] = await people(2);
    expect(await report(pick, second!)).toBe(false);
    expect(await report(pick, third!)).toBe(true);
    expect(await hiddenAt(pick)).not.toBeNull();
  });

  it("Gmail dots and googlemail.com are one mailbox too", async () => {
    const sticker = await publicSticker(await signInStandingUser(t, `${mailboxName()}@example.com`));
    const name = mailboxName();
    for (const email of [`${name}.x@gmail.com`, `${name}x+a@googlemail.com`, `${name}.x+b@gmail.com`]) {
      expect(await report(sticker, await signInStandingUser(t, email))).toBe(false);
    }
    expect(await hiddenAt(sticker)).toBeNull();
  });

  it("reports from other accounts of the owner's own mailbox never count", async () => {
    const name = mailboxName();
    const owner = await signInStandingUser(t, `${name}@example.com`);
    const sticker = await publicSticker(owner);
    // Another account of the owner's mailbox may report (it is not the owner's account) but counts for nothing.
    const [twin] = await accountsOfOneMailbox(1, name);
    expect(await report(sticker, twin!)).toBe(false);
    const [first, second] = await people(2);
    expect(await report(sticker, first!)).toBe(false);
    expect(await report(sticker, second!)).toBe(false);
    expect(await hiddenAt(sticker)).toBeNull();
    expect(await storedReports(sticker)).toHaveLength(3);
  });

  it(`an account without standing (under ${STANDING_MIN_ACCOUNT_HOURS} hours old, or without ${STANDING_MIN_STICKERS} sticker made) reports, but does not count toward hiding`, async () => {
    const sticker = await publicSticker(await signInStandingUser(t, `${mailboxName()}@example.com`));
    const [first, second] = await people(2);
    expect(await report(sticker, first!)).toBe(false);
    expect(await report(sticker, second!)).toBe(false);
    // Old enough but has made nothing.
    const idle = await signInTestUser(t, `${mailboxName()}@example.com`);
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - (STANDING_MIN_ACCOUNT_HOURS + 1) * 3600_000) })
      .where(eq(users.id, idle.userId));
    expect(await report(sticker, idle)).toBe(false);
    // Has made a sticker, but signed up just now.
    const fresh = await signInTestUser(t, `${mailboxName()}@example.com`);
    await insertStickers(t, fresh.userId, STANDING_MIN_STICKERS, { visibility: "private" });
    expect(await report(sticker, fresh)).toBe(false);
    expect(await hiddenAt(sticker)).toBeNull();
    expect(await storedReports(sticker)).toHaveLength(4);
    // Standing arrives later: the next counted report finds the earlier ones counting now.
    await giveStanding(t, fresh);
    const [third] = await people(1);
    expect(await report(sticker, third!)).toBe(true);
  });
});

describe(`favourites that bring a sticker into explore count people (${engineName})`, () => {
  it("the owner's own plus-addresses cannot favourite their 'BUY MY STUFF' sticker into explore, though the favourites count on the sticker", async () => {
    const name = mailboxName();
    const owner = await signInStandingUser(t, `${name}@example.com`);
    const [row] = await insertStickers(t, owner.userId, 1, { name: "BUY MY STUFF" });
    await db().insert(stickerTags).values({ stickerId: row!.id, tagId: 1 });
    const twins = await accountsOfOneMailbox(EXPLORE_RULE_FAVORITES + 1, name);
    for (const twin of twins) await favourite(row!, twin);
    expect(await inExplore(row!)).toBe(false);
    const [counted] = await db().select({ n: stickers.favoriteCount }).from(stickers).where(eq(stickers.id, row!.id));
    expect(counted?.n).toBe(EXPLORE_RULE_FAVORITES + 1);
  });

  it(`${EXPLORE_RULE_FAVORITES} plus-addresses of another mailbox count as one fan; ${EXPLORE_RULE_FAVORITES} people bring it in`, async () => {
    const sticker = await publicSticker(await signInStandingUser(t, `${mailboxName()}@example.com`));
    for (const account of await accountsOfOneMailbox(EXPLORE_RULE_FAVORITES)) await favourite(sticker, account);
    expect(await inExplore(sticker)).toBe(false);
    const fans = await people(EXPLORE_RULE_FAVORITES - 1);
    for (const fan of fans.slice(0, -1)) await favourite(sticker, fan);
    expect(await inExplore(sticker)).toBe(false);
    await favourite(sticker, fans.at(-1)!);
    expect(await inExplore(sticker)).toBe(true);
  });

  it("favourites of accounts without standing do not count toward explore", async () => {
    const sticker = await publicSticker(await signInStandingUser(t, `${mailboxName()}@example.com`));
    for (let i = 0; i < EXPLORE_RULE_FAVORITES + 1; i += 1) {
      await favourite(sticker, await signInTestUser(t, `${mailboxName()}@example.com`));
    }
    expect(await inExplore(sticker)).toBe(false);
  });
});
