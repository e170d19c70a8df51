/**
 * The sweeps of decision 0034: exports and derived downloads within a time and size budget (and made
 * again on the next ask), uploads no task uses, analytics events past their retention, and the claim
 * that lets one process of many sweep per interval.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { clientErrors, events, maintenanceRuns, packStickers, packs, pictures, stickers, tasks, users } from "../db/schema.ts";
import { storeStickerImages } from "../generation/index.ts";
import { makePackFromImage } from "../packs/make-pack.ts";
import type { StoredEntry } from "../storage/storage.ts";
import { EVENT_PROPS_MAX_BYTES } from "../telemetry/record-event.ts";
import { claimSweep, runSweeps, startSweeps } from "./sweeps.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function listed(t: TestApp, prefix: string): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for await (const entry of t.app.storage.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

const exportFiles = async (t: TestApp) => [...(await listed(t, "derived-")), ...(await listed(t, "pack-"))];
const later = (ms: number) => new Date(Date.now() + ms);

/** A solid-colour 512 px sticker picture, stored, with a public sticker row of `ownerId` using it. */
async function publicSticker(t: TestApp, ownerId: number, colour: string): Promise<{ id: number; picId: string }> {
  const png = await sharp({ create: { width: 512, height: 512, channels: 4, background: colour } })
    .png()
    .toBuffer();
  const stored = await storeStickerImages(t.app.storage, png);
  const db = t.app.database.db;
  await db.insert(pictures).values({ id: stored.id, width: 512, height: 512, pngKey: stored.png, thumbKey: stored.thumb });
  const [row] = await db
    .insert(stickers)
    .values({
      stickerInstId: `sweep${randomBytes(6).toString("hex")}`,
      picId: stored.id,
      name: "sweep test",
      prompt: "sweep test",
      ownerId,
      visibility: "public",
      hotScore: 0,
    })
    .returning({ id: stickers.id });
  return { id: row!.id, picId: stored.id };
}

async function publicPack(t: TestApp, ownerId: number, stickerIds: number[]): Promise<string> {
  const packId = `sw${randomBytes(6).toString("hex")}`;
  const [pack] = await t.app.database.db
    .insert(packs)
    .values({ packId, ownerId, name: "Swept", visibility: "public" })
    .returning({ id: packs.id });
  await t.app.database.db
    .insert(packStickers)
    .values(stickerIds.map((stickerId, position) => ({ packId: pack!.id, stickerId, position, emoji: ["🧹"] })));
  return packId;
}

describe("export files sweep", () => {
  let t: TestApp;
  let pack: string;
  let picIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000" });
    const owner = await signInTestUser(t, "sweep-exports@example.com");
    const made = [];
    for (const colour of ["#e33", "#3e3", "#33e"]) made.push(await publicSticker(t, owner.userId, colour));
    picIds = made.map((sticker) => sticker.picId);
    pack = await publicPack(
      t,
      owner.userId,
      made.map((sticker) => sticker.id),
    );
  }, 60_000);
  afterAll(() => closeTestApp(t));

  async function askEverything() {
    for (const target of ["whatsapp", "telegram"]) {
      expect((await t.server.request(`/files/pack/${pack}/${target}`)).status).toBe(200);
    }
    expect((await t.server.request(`/files/download/${picIds[0]}`)).status).toBe(200);
  }

  it("removes derived downloads and pack archives older than EXPORT_FILES_MAX_AGE_DAYS, never a sticker's own picture, and the next ask makes the same file again", async () => {
    await askEverything();
    const first = await t.server.request(`/files/pack/${pack}/whatsapp`);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const made = await exportFiles(t);
    // 3 WhatsApp WebPs, 3 Telegram PNGs, Telegram's set thumbnail, 1 download, 2 pack archives.
    expect(made).toHaveLength(10);
    const pictureKeys = (await listed(t, "")).filter((entry) => !made.some((file) => file.key === entry.key));

    const young = await runSweeps(t.app, { now: later(29 * DAY) });
    expect(young.exports.removed).toBe(0);
    expect(await exportFiles(t)).toHaveLength(10);

    const old = await runSweeps(t.app, { now: later(31 * DAY) });
    expect(old.exports.removed).toBe(10);
    expect(old.exports.removedBytes).toBe(made.reduce((sum, entry) => sum + entry.size, 0));
    expect(await exportFiles(t)).toEqual([]);
    expect((await listed(t, "")).map((entry) => entry.key)).toEqual(pictureKeys.map((entry) => entry.key));

    const again = await t.server.request(`/files/pack/${pack}/whatsapp`);
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Buffer.from(await again.arrayBuffer()).equals(firstBytes)).toBe(true);
  });

  it("keeps the newest files within the size budget and removes the oldest past it", async () => {
    await askEverything();
    const files = await exportFiles(t);
    const total = files.reduce((sum, entry) => sum + entry.size, 0);
    const all = await runSweeps(t.app, { exportBudgetBytes: total });
    expect(all.exports.removed).toBe(0);

    const budget = Math.floor(total / 2);
    const swept = await runSweeps(t.app, { exportBudgetBytes: budget });
    expect(swept.exports.removed).toBeGreaterThan(0);
    expect(swept.exports.keptBytes).toBeLessThanOrEqual(budget);
    const kept = await exportFiles(t);
    expect(kept.reduce((sum, entry) => sum + entry.size, 0)).toBe(swept.exports.keptBytes);
    const removed = files.filter((entry) => swept.exports.removedKeys.includes(entry.key));
    const newestRemoved = Math.max(...removed.map((entry) => entry.modifiedAt.getTime()));
    for (const entry of kept) expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(newestRemoved);

    const none = await runSweeps(t.app, { exportBudgetBytes: 0 });
    expect(none.exports.kept).toBe(0);
    expect(await exportFiles(t)).toEqual([]);
  });
});

describe("orphan uploads sweep", () => {
  let t: TestApp;
  let user: TestSession;
  const photo = () =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: `#${randomBytes(3).toString("hex")}` } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await createGalleryTestApp(0);
    user = await userWithPoints(t, "sweep-uploads@example.com", 20);
  }, 60_000);
  afterAll(() => closeTestApp(t));

  it("removes the photo of a refused photo pack once ORPHAN_UPLOAD_MAX_AGE_HOURS old, keeps a photo a task uses and a younger orphan", async () => {
    // A photo pack refused after its photo was stored: the account was banned meanwhile (the lock refuses it).
    await t.app.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.userId));
    await expect(
      makePackFromImage(t.app, user.userId, {
        png: await photo(),
        prompt: "",
        moods: ["happy", "sad"],
        visibility: "private",
        locale: "en",
      }),
    ).rejects.toMatchObject({ code: "ACCOUNT_BANNED" });
    await t.app.database.db.update(users).set({ bannedAt: null }).where(eq(users.id, user.userId));
    const [refused] = await listed(t, "upload-");
    expect(refused).toBeDefined();

    // A photo a task uses (written as submit writes it), as old as the refused one.
    const usedKey = `upload-${randomBytes(20).toString("hex")}.png`;
    await t.app.storage.put(usedKey, await photo(), "image/png");
    await t.app.database.db.insert(tasks).values({ userId: user.userId, type: 2, status: 3, inputKey: usedKey, cost: 2 });

    const young = await runSweeps(t.app, { now: later(23 * HOUR) });
    expect(young.uploads.removed).toBe(0);
    expect((await listed(t, "upload-")).map((entry) => entry.key).sort()).toEqual([refused!.key, usedKey].sort());

    const day = await runSweeps(t.app, { now: later(25 * HOUR) });
    expect(day.uploads.removedKeys).toEqual([refused!.key]);
    expect(day.uploads.removedBytes).toBe(refused!.size);
    expect((await listed(t, "upload-")).map((entry) => entry.key)).toEqual([usedKey]);
  });
});

describe("analytics events: size cap and retention", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => closeTestApp(t));

  const stored = async () => (await t.app.database.db.select({ name: events.name }).from(events)).map((row) => row.name);

  it(`refuses an event whose details pass ${EVENT_PROPS_MAX_BYTES} bytes with EVENT_TOO_LARGE (413, translated) and stores nothing; ${EVENT_PROPS_MAX_BYTES} bytes are taken`, async () => {
    // {"note":"…"} is 11 bytes around the text.
    const fits = { note: "x".repeat(EVENT_PROPS_MAX_BYTES - 11) };
    const ok = await callApi(t, "POST", "/api/event", { body: { name: "fits", props: fits } });
    expect(ok.body).toEqual({ status: 200, data: { recorded: true } });

    const big = await callApi(t, "POST", "/api/event", {
      body: { name: "too_big", props: { note: `${fits.note}y` } },
      language: "de",
    });
    expect(big.http).toBe(413);
    expect(big.body).toMatchObject({ status: "EVENT_TOO_LARGE", data: null, msgKey: "errors.eventTooLarge" });
    const { msg } = big.body as unknown as { msg: string };
    expect(msg).toContain(String(EVENT_PROPS_MAX_BYTES));
    expect(msg).not.toMatch(/too large/);
    expect(await stored()).toEqual(["fits"]);
  });

  it("deletes analytics events and page error reports older than EVENT_RETENTION_DAYS and keeps newer ones", async () => {
    const db = t.app.database.db;
    const at = (days: number) => new Date(Date.now() - days * DAY);
    await db.insert(events).values([
      { name: "ancient", createdAt: at(200) },
      { name: "old", createdAt: at(91) },
      { name: "recent", createdAt: at(89) },
    ]);
    await db.insert(clientErrors).values([
      { kind: "error", message: "old", createdAt: at(95) },
      { kind: "error", message: "recent", createdAt: at(10) },
    ]);
    const report = await runSweeps(t.app);
    expect(report.events).toEqual({ events: 2, clientErrors: 1 });
    expect((await stored()).sort()).toEqual(["fits", "recent"]);
    expect((await db.select({ message: clientErrors.message }).from(clientErrors)).map((row) => row.message)).toEqual(["recent"]);
  });
});

describe("sweeps run by the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EXPORT_FILES_BUDGET_MB: "0" });
  }, 60_000);
  afterAll(() => closeTestApp(t));

  it("claims one run per interval: a second claim within the interval gets nothing, one after it gets the next", async () => {
    const db = t.app.database.db;
    expect(await claimSweep(db, "claim-test", 3600)).toBe(true);
    expect(await claimSweep(db, "claim-test", 3600)).toBe(false);
    await db
      .update(maintenanceRuns)
      .set({ startedAt: sql`now() - interval '61 minutes'` })
      .where(eq(maintenanceRuns.name, "claim-test"));
    expect(await claimSweep(db, "claim-test", 3600)).toBe(true);
    expect(await claimSweep(db, "claim-test", 3600)).toBe(false);
  });

  it("sweeps on its own once started: a stored pack archive past the budget is gone after a tick", async () => {
    const key = `pack-telegram-v2-${randomBytes(16).toString("hex")}.zip`;
    await t.app.storage.put(key, randomBytes(1000), "application/zip");
    const sweeps = startSweeps(t.app, { tickMs: 20, intervalSeconds: 3600 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await t.app.storage.has(key)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await t.app.storage.has(key)).toBe(false);
    } finally {
      await sweeps.stop();
    }
  });
});

describeOnPostgres("sweeps across processes", () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp();
    // The second instance shares the first one's database, as a second web process does.
    two = await createTestApp({ DATABASE_URL: one.app.config.DATABASE_URL! });
  }, 60_000);
  afterAll(async () => {
    await closeTestApp(two);
    await closeTestApp(one);
  });

  it("of two processes claiming at the same moment, 20 times over, exactly one sweeps each time", async () => {
    for (let round = 0; round < 20; round += 1) {
      const name = `race-${round}`;
      const claims = await Promise.all([one, two, one, two].map((app) => claimSweep(app.app.database.db, name, 3600)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });
});
