import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPLORE_RULE_FAVORITES, REPORT_HIDE_THRESHOLD } from "#common/moderation.ts";
import { MONTHLY_PLAN_ID } from "#common/plans.ts";
import { engineName } from "#tests/support/engine.ts";
import {
  callApi,
  createGalleryTestApp,
  giveStanding,
  insertStickers,
  signInStaff,
  signInTestUser,
  type TestSession,
} from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import type { SandboxProvider } from "../billing/sandbox/sandbox-provider.ts";
import { subscribe } from "../billing/subscribe.ts";
import { reports, stickers, stickerTags, subscriptions, users } from "../db/schema.ts";
import { readExportablePack } from "../packs/export-pack.ts";
import { EXPLORE_TAG } from "../stickers/tags.ts";

/**
 * How far a ban reaches (decision 0031): nothing of a banned user comes back or stays listed before the
 * unban (restore, picks, packs), their reports and favourites stop counting, and their subscription
 * is cancelled at period end.
 */
let t: TestApp;
let moderator: TestSession;
let plain: TestSession;
let emailSeq = 0;

beforeAll(async () => {
  // The tags (latest, explore) the gallery's stickers join.
  t = await createGalleryTestApp(2, { PUBLIC_LIST_CACHE_SECONDS: "0", PAGE_CACHE_SECONDS: "0" });
  moderator = await signInStaff(t, "ban-mod@example.com", "moderator");
  plain = await signInTestUser(t, "ban-plain@example.com");
}, 120_000);
afterAll(async () => {
  await (t?.app.billing.sandbox as SandboxProvider | null)?.drain();
  await closeTestApp(t);
});

const db = () => t.app.database.db;
const get = (path: string, params: Record<string, string> = {}, session?: TestSession) =>
  callApi(t, "GET", path, { params, ...(session ? { session } : {}) });
const post = (path: string, body: Record<string, unknown>, session?: TestSession) =>
  callApi(t, "POST", path, { body, ...(session ? { session } : {}) });

async function newUser(): Promise<TestSession> {
  emailSeq += 1;
  return signInTestUser(t, `ban-user${emailSeq}@example.com`);
}

/** A user whose reports and favourites count, but for a ban (decision 0035). */
async function newPerson(): Promise<TestSession> {
  const person = await newUser();
  await giveStanding(t, person);
  return person;
}

async function publicSticker(owner: TestSession): Promise<string> {
  const [row] = await insertStickers(t, owner.userId, 1);
  await db().insert(stickerTags).values({ stickerId: row!.id, tagId: 1 });
  return row!.stickerInstId;
}

async function stickerRow(stickerInstId: string) {
  const [row] = await db().select().from(stickers).where(eq(stickers.stickerInstId, stickerInstId));
  return row!;
}

async function openReportsOn(stickerInstId: string) {
  const row = await stickerRow(stickerInstId);
  return db()
    .select()
    .from(reports)
    .where(and(eq(reports.stickerId, row.id), isNull(reports.resolvedAt)));
}

async function exploreIds(): Promise<string[]> {
  const answer = await get("/api/square/pageByTag", { tagId: String(EXPLORE_TAG), size: "100" });
  return answer.body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId);
}

/** Marks a user banned in the database only, their sessions and reports left as they are. */
async function markBanned(session: TestSession) {
  await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, session.userId));
}

const ban = (session: TestSession) => post("/api/admin/ban", { userId: session.userId }, moderator);
const unban = (session: TestSession) => post("/api/admin/unban", { userId: session.userId }, moderator);

describe(`nothing of a banned user comes back before the unban (${engineName})`, () => {
  it("a sticker hidden for reports or by a moderator before the ban cannot be restored or picked while its owner is banned (ACCOUNT_BANNED); after the unban it can", async () => {
    const rogue = await newUser();
    const reported = await publicSticker(rogue);
    const hidden = await publicSticker(rogue);
    const reporters = [];
    for (let i = 0; i < REPORT_HIDE_THRESHOLD; i += 1) reporters.push(await newPerson());
    for (const reporter of reporters) await post("/api/sticker/report", { stickerInstId: reported, reason: "spam" }, reporter);
    expect((await stickerRow(reported)).hiddenReason).toBe("reports");
    expect((await post("/api/admin/hide", { stickerInstId: hidden }, moderator)).body.status).toBe(200);
    expect((await ban(rogue)).body.status).toBe(200);

    for (const sticker of [reported, hidden]) {
      const restore = await post("/api/admin/restore", { stickerInstId: sticker }, moderator);
      expect([sticker, restore.http, restore.body.status]).toEqual([sticker, 403, "ACCOUNT_BANNED"]);
      expect((await stickerRow(sticker)).hiddenAt).not.toBeNull();
      expect((await post("/api/admin/pick", { stickerInstId: sticker }, moderator)).body.status).toBe("ACCOUNT_BANNED");
    }
    expect(await exploreIds()).not.toContain(reported);

    expect((await unban(rogue)).body.status).toBe(200);
    expect((await post("/api/admin/restore", { stickerInstId: reported }, moderator)).body.status).toBe(200);
    expect((await stickerRow(reported)).hiddenAt).toBeNull();
  });

  it("a ban resolves the open reports on every sticker of the user, those hidden for reports before it included, so the queue forgets them", async () => {
    const rogue = await newUser();
    const reported = await publicSticker(rogue);
    for (let i = 0; i < REPORT_HIDE_THRESHOLD; i += 1)
      await post("/api/sticker/report", { stickerInstId: reported, reason: "spam" }, await newPerson());
    expect((await stickerRow(reported)).hiddenReason).toBe("reports");
    expect(await openReportsOn(reported)).toHaveLength(REPORT_HIDE_THRESHOLD);
    expect((await ban(rogue)).body.status).toBe(200);
    expect(await openReportsOn(reported)).toEqual([]);
    const queue = await get("/api/admin/queue", { size: "100" }, moderator);
    expect(queue.body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId)).not.toContain(reported);
  });
});

describe(`a banned user's packs (${engineName})`, () => {
  it("a banned user's public pack is PACK_NOT_FOUND, out of the packs list, the sitemap and the exports for everyone; the unban brings it back", async () => {
    const rogue = await newUser();
    const other = await newUser();
    // Someone else's public sticker the ban does not hide keeps the pack listable but for the ban itself.
    const theirs = await publicSticker(other);
    expect((await post("/api/favorite", { stickerInstId: theirs }, rogue)).body.status).toBe(200);
    const created = await post(
      "/api/pack/create",
      { name: "Rogue pack", visibility: "public", stickerInstIds: [theirs, await publicSticker(rogue)] },
      rogue,
    );
    expect(created.body.status).toBe(200);
    const packId = created.body.data.packId as string;
    const listed = async () =>
      (await get("/api/pack/page", { size: "100" })).body.data.list.map((p: { packId: string }) => p.packId);
    const sitemap = async () => (await t.server.request("/sitemaps/packs-1.xml")).text();
    // What every pack export reads first (the test's stickers have no picture files to zip).
    const exportable = (viewer: TestSession | null) => readExportablePack(db(), packId, viewer?.userId ?? null);
    expect((await get("/api/pack/get", { packId })).body.status).toBe(200);
    expect(await listed()).toContain(packId);
    expect(await sitemap()).toContain(packId);
    expect((await exportable(null)).stickers).toHaveLength(2);

    expect((await ban(rogue)).body.status).toBe(200);
    for (const viewer of [undefined, plain, other]) {
      const answer = await get("/api/pack/get", { packId }, viewer);
      expect([viewer?.userId, answer.body.status]).toEqual([viewer?.userId, "PACK_NOT_FOUND"]);
    }
    expect(await listed()).not.toContain(packId);
    expect(await sitemap()).not.toContain(packId);
    await expect(exportable(null)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(exportable(other)).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect((await unban(rogue)).body.status).toBe(200);
    expect((await get("/api/pack/get", { packId })).body.data.stickers).toHaveLength(2);
    expect(await listed()).toContain(packId);
    expect(await sitemap()).toContain(packId);
    expect((await exportable(null)).stickers).toHaveLength(2);
  });
});

describe(`reports and favourites of banned users do not count (${engineName})`, () => {
  it("a ban resolves the open reports the banned user filed", async () => {
    const reporter = await newUser();
    const sticker = await publicSticker(await newUser());
    await post("/api/sticker/report", { stickerInstId: sticker, reason: "spam" }, reporter);
    expect(await openReportsOn(sticker)).toHaveLength(1);
    expect((await ban(reporter)).body.status).toBe(200);
    expect(await openReportsOn(sticker)).toEqual([]);
  });

  it("a banned reporter's report still open does not count toward the threshold", async () => {
    const sticker = await publicSticker(await newUser());
    const early = await newPerson();
    await post("/api/sticker/report", { stickerInstId: sticker, reason: "spam" }, early);
    await markBanned(early);
    const answers = [];
    for (let i = 0; i < REPORT_HIDE_THRESHOLD - 1; i += 1)
      answers.push((await post("/api/sticker/report", { stickerInstId: sticker, reason: "spam" }, await newPerson())).body.data);
    expect(answers.map((a) => a.hidden)).toEqual(Array(REPORT_HIDE_THRESHOLD - 1).fill(false));
    expect((await stickerRow(sticker)).hiddenAt).toBeNull();
    const last = await post("/api/sticker/report", { stickerInstId: sticker, reason: "spam" }, await newPerson());
    expect(last.body.data.hidden).toBe(true);
  });

  it("a banned user's favourite does not count toward explore's rule", async () => {
    const sticker = await publicSticker(await newUser());
    const early = await newPerson();
    expect((await post("/api/favorite", { stickerInstId: sticker }, early)).body.status).toBe(200);
    await markBanned(early);
    for (let i = 0; i < EXPLORE_RULE_FAVORITES - 1; i += 1)
      expect((await post("/api/favorite", { stickerInstId: sticker }, await newPerson())).body.status).toBe(200);
    expect(await exploreIds()).not.toContain(sticker);
    await post("/api/favorite", { stickerInstId: sticker }, await newPerson());
    expect(await exploreIds()).toContain(sticker);
  });
});

describe(`a banned subscriber (${engineName})`, () => {
  const sandbox = () => t.app.billing.sandbox as SandboxProvider;
  async function subscriber(): Promise<TestSession> {
    const member = await newUser();
    const url = await subscribe(t.app, member.userId, { plan: MONTHLY_PLAN_ID });
    await sandbox().pay(url.split("/").pop() as string);
    return member;
  }
  const subscriptionOf = async (userId: number) =>
    (
      await db()
        .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
    ).at(0);

  it("is cancelled at period end by the ban (still a member until then, through the sandbox provider)", async () => {
    const member = await subscriber();
    expect(await subscriptionOf(member.userId)).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await ban(member)).body.status).toBe(200);
    const after = await subscriptionOf(member.userId);
    expect(after?.cancelAtPeriodEnd).toBe(true);
    expect(["trialing", "active"]).toContain(after?.status);
  });

  it("a provider failure while cancelling does not undo the ban: it is logged and the subscription stays as it was", async () => {
    const member = await subscriber();
    const provider = t.app.billing.provider;
    const original = provider.cancelAtPeriodEnd;
    provider.cancelAtPeriodEnd = async () => {
      throw new Error("provider down");
    };
    try {
      expect((await ban(member)).body.status).toBe(200);
    } finally {
      provider.cancelAtPeriodEnd = original;
    }
    const [row] = await db().select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, member.userId));
    expect(row?.bannedAt).not.toBeNull();
    expect((await subscriptionOf(member.userId))?.cancelAtPeriodEnd).toBe(false);
  });

  it("a ban of a user who never subscribed just bans", async () => {
    const nobody = await newUser();
    expect((await ban(nobody)).body.status).toBe(200);
    expect(await subscriptionOf(nobody.userId)).toBeUndefined();
  });
});
