/**
 * Editing a sticker after it is made (decision 0047), through the real calls and the preview route: the
 * generator keeps the art without outline and caption; every setting redraws the stored sticker, free;
 * the original stays, seen only by its owner, and comes back on restore; bounds and other people's
 * stickers are refused; a sticker without stored art is edited as a whole.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeEdit, OUTLINE_MAX_PX, REPLACED_PICTURE_GRACE_MS, type StickerEdit } from "#common/sticker-edit.ts";
import { pictures, replacedPictures, stickers } from "#server/db/schema.ts";
import { runSweeps } from "#server/maintenance/sweeps.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { startTaskWorkers, type TaskWorkers } from "#server/tasks/task-worker.ts";
import { callApi, createGalleryTestApp, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let workers: TaskWorkers;
let owner: TestSession;
let stranger: TestSession;
let instId: string;

async function made(session: TestSession, prompt: string): Promise<string> {
  const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt }, session });
  expect(submit.http).toBe(200);
  const done = await waitForTask(t, session, submit.body.data.taskId);
  return done.stickers[0].stickerInstId;
}

async function rowOf(stickerInstId: string) {
  const [row] = await t.app.database.db.select().from(stickers).where(eq(stickers.stickerInstId, stickerInstId));
  if (!row) throw new Error("no sticker");
  return row;
}

/** The sticker's stored picture, as raw RGBA. */
async function pixelsOf(stickerInstId: string): Promise<Buffer> {
  const row = await rowOf(stickerInstId);
  const [picture] = await t.app.database.db.select().from(pictures).where(eq(pictures.id, row.picId));
  const file = await t.app.storage.get(picture!.pngKey);
  return sharp(file!.body).ensureAlpha().raw().toBuffer();
}

/** How many of two pictures' pixels differ. */
function changedPixels(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (
      Math.abs(a[i]! - b[i]!) +
        Math.abs(a[i + 1]! - b[i + 1]!) +
        Math.abs(a[i + 2]! - b[i + 2]!) +
        Math.abs(a[i + 3]! - b[i + 3]!) >
      24
    )
      changed += 1;
  }
  return changed;
}

async function editor(session: TestSession, stickerInstId = instId) {
  return callApi(t, "GET", "/api/sticker/editor", { params: { stickerInstId }, session });
}

async function save(edit: StickerEdit, session = owner, stickerInstId = instId) {
  return callApi(t, "POST", "/api/sticker/edit", { body: { stickerInstId, edit }, session });
}

beforeAll(async () => {
  t = await createGalleryTestApp(0, { TEXT_GENERATION_COST: "1" });
  workers = await startTaskWorkers(t.app);
  owner = await userWithPoints(t, "editor-owner@example.com", 5);
  stranger = await signInTestUser(t, "editor-stranger@example.com");
  instId = await made(owner, 'a happy cat saying "hello"');
}, 120_000);

afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
});

describe("the editor's starting point", () => {
  it("keeps a new sticker's art without outline and caption, and starts from the original's settings", async () => {
    const [picture] = await t.app.database.db
      .select()
      .from(pictures)
      .where(eq(pictures.id, (await rowOf(instId)).picId));
    expect(picture?.editable?.captionText).toBe("hello");
    const art = await t.app.storage.get(picture!.editable!.art);
    const meta = await sharp(art!.body).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([512, 512, true]);
    const answer = await editor(owner);
    expect(answer.http).toBe(200);
    expect(answer.body.data).toMatchObject({
      base: "art",
      edited: false,
      edit: { caption: { text: "hello", position: "bottom" } },
    });
    expect(answer.body.data.edit).toEqual(answer.body.data.original);
  });
});

describe("saving an edit", () => {
  it("redraws the stored sticker for every control, each change visible in its pixels, without spending points", async () => {
    const points = await balanceOf(t, owner.userId);
    const original: StickerEdit = (await editor(owner)).body.data.original;
    const changes: [string, StickerEdit][] = [
      ["caption text", { ...original, caption: { ...original.caption!, text: "good morning" } }],
      ["caption in another script", { ...original, caption: { ...original.caption!, text: "مرحبا" } }],
      ["caption position", { ...original, caption: { ...original.caption!, position: "top" } }],
      ["caption colour", { ...original, caption: { ...original.caption!, color: "#22aa55" } }],
      ["caption removed", { ...original, caption: null }],
      ["outline width", { ...original, outline: { ...original.outline, width: 2 } }],
      ["outline colour", { ...original, outline: { ...original.outline, color: "#ff3366" } }],
      ["shadow", { ...original, shadow: !original.shadow }],
      ["zoom", { ...original, zoom: 0.7 }],
      ["move", { ...original, offsetX: 0.2, offsetY: -0.1 }],
      ["flip", { ...original, flip: true }],
    ];
    const baseline = await save(original);
    expect(baseline.http).toBe(200);
    const before = await pixelsOf(instId);
    for (const [control, edit] of changes) {
      const answer = await save(edit);
      expect([control, answer.http]).toEqual([control, 200]);
      const detail = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId: instId }, session: owner });
      expect([control, detail.body.data.imageUrl]).toEqual([control, answer.body.data.imageUrl]);
      expect([control, changedPixels(before, await pixelsOf(instId)) > 200]).toEqual([control, true]);
      expect((await rowOf(instId)).edit).toEqual(edit);
    }
    expect(await balanceOf(t, owner.userId)).toBe(points);
  });

  it("previews settings without storing them, to the owner only and never cached", async () => {
    const before = (await rowOf(instId)).picId;
    const original: StickerEdit = (await editor(owner)).body.data.original;
    const path = `/files/edit-preview/${instId}?e=${encodeEdit({ ...original, flip: true })}`;
    const cookie = { Cookie: `${sessionCookieName(t.app.config)}=${owner.token}` };
    const preview = await t.server.request(path, { headers: cookie });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect((await rowOf(instId)).picId).toBe(before);
    expect((await t.server.request(path)).status).toBe(401);
    const strangers = await t.server.request(path, {
      headers: { Cookie: `${sessionCookieName(t.app.config)}=${stranger.token}` },
    });
    expect(strangers.status).toBe(404);
  });

  it("restores the original picture, which only the owner could still open while the sticker was edited (past the grace of pages opened before)", async () => {
    const original = await editor(owner);
    const edited = await save({ ...original.body.data.original, flip: true, outline: { width: 4, color: "#000000" } });
    expect(edited.http).toBe(200);
    const row = await rowOf(instId);
    expect(row.originalPicId).not.toBeNull();
    const originalUrl: string = (await editor(owner)).body.data.originalImageUrl;
    expect(
      (await t.server.request(originalUrl, { headers: { Cookie: `${sessionCookieName(t.app.config)}=${owner.token}` } })).status,
    ).toBe(200);
    // Past the grace for pages opened before the edit, the original is its owner's alone.
    await t.app.database.db.update(replacedPictures).set({ replacedAt: new Date(Date.now() - REPLACED_PICTURE_GRACE_MS - 1000) });
    expect((await t.server.request(originalUrl)).status).toBe(404);

    const restored = await callApi(t, "POST", "/api/sticker/restoreOriginal", {
      body: { stickerInstId: instId },
      session: owner,
    });
    expect(restored.body.data).toEqual({ imageUrl: originalUrl, edited: false });
    const after = await rowOf(instId);
    expect([after.picId, after.originalPicId, after.edit]).toEqual([row.originalPicId, null, null]);
    expect((await editor(owner)).body.data).toMatchObject({ edited: false });
    // The sticker is public again as made: its picture is everyone's.
    expect((await t.server.request(originalUrl)).status).toBe(200);
  });
});

describe("pages opened before an edit", () => {
  it("still get the picture an edit replaced while the sticker is public, for an hour, and not once it is private", async () => {
    const shown = `/files/${(await rowOf(instId)).picId}.png`;
    const original: StickerEdit = (await editor(owner)).body.data.original;
    expect((await save({ ...original, flip: !(await rowOf(instId)).edit?.flip })).http).toBe(200);
    expect((await t.server.request(shown)).status).toBe(200);

    await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: instId, visibility: "private" },
      session: owner,
    });
    expect((await t.server.request(shown)).status).toBe(404);
    await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: instId, visibility: "public" },
      session: owner,
    });
    expect((await t.server.request(shown)).status).toBe(200);

    const anHourAgo = new Date(Date.now() - REPLACED_PICTURE_GRACE_MS - 1000);
    await t.app.database.db.update(replacedPictures).set({ replacedAt: anHourAgo });
    expect((await t.server.request(shown)).status).toBe(404);
  });
});

describe("pictures an edit replaced", () => {
  it("are removed with their files by the sweep once their hour's grace is over and no sticker uses them; the original and the current picture stay", async () => {
    const original: StickerEdit = (await editor(owner)).body.data.original;
    expect((await save({ ...original, outline: { ...original.outline, width: 2 } })).http).toBe(200);
    const first = await rowOf(instId);
    expect((await save({ ...original, outline: { ...original.outline, width: 9 } })).http).toBe(200);
    const second = await rowOf(instId);
    expect(second.picId).not.toBe(first.picId);
    const replacedKeys = [`${first.picId}.png`, `${first.picId}-256.webp`, `${first.picId}-160.webp`];
    for (const key of replacedKeys) expect(await t.app.storage.get(key), key).not.toBeNull();

    // Within the grace nothing goes: a page opened a minute ago may still show it.
    await runSweeps(t.app, { now: new Date(Date.now() + 60_000) });
    expect(await t.app.database.db.select().from(pictures).where(eq(pictures.id, first.picId))).toHaveLength(1);

    const later = await runSweeps(t.app, { now: new Date(Date.now() + REPLACED_PICTURE_GRACE_MS + 60_000) });
    expect(later.replacedPictures.removed).toBeGreaterThanOrEqual(1);
    expect(await t.app.database.db.select().from(pictures).where(eq(pictures.id, first.picId))).toHaveLength(0);
    for (const key of replacedKeys) expect(await t.app.storage.get(key), key).toBeNull();
    expect(await t.app.database.db.select().from(replacedPictures).where(eq(replacedPictures.picId, first.picId))).toEqual([]);
    // The sticker's current picture and its original are untouched and still served.
    const now = await rowOf(instId);
    expect(now.picId).toBe(second.picId);
    const cookie = `${sessionCookieName(t.app.config)}=${owner.token}`;
    expect((await t.server.request(`/files/${second.picId}.png`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(now.originalPicId).not.toBeNull();
    expect(await t.app.storage.get(`${now.originalPicId}.png`)).not.toBeNull();
  });

  it("keeps a replaced picture another sticker still shows (the same drawing), forgetting only the note", async () => {
    const original: StickerEdit = (await editor(owner)).body.data.original;
    expect((await save({ ...original, flip: !original.flip, outline: { ...original.outline, width: 5 } })).http).toBe(200);
    const shownBefore = (await rowOf(instId)).picId;
    expect((await save({ ...original, flip: !original.flip, outline: { ...original.outline, width: 6 } })).http).toBe(200);
    // Another sticker uses the same picture (a picture is its content's hash).
    const other = await rowOf(instId);
    await t.app.database.db.insert(stickers).values({
      stickerInstId: `samepic${Date.now().toString(36)}`,
      picId: shownBefore,
      name: "same drawing",
      prompt: "same drawing",
      ownerId: other.ownerId,
      visibility: "private",
      hotScore: 0,
    });
    const swept = await runSweeps(t.app, { now: new Date(Date.now() + REPLACED_PICTURE_GRACE_MS + 60_000) });
    expect(swept.replacedPictures.kept).toBeGreaterThanOrEqual(1);
    expect(await t.app.database.db.select().from(pictures).where(eq(pictures.id, shownBefore))).toHaveLength(1);
    expect(await t.app.storage.get(`${shownBefore}.png`)).not.toBeNull();
    expect(await t.app.database.db.select().from(replacedPictures).where(eq(replacedPictures.picId, shownBefore))).toEqual([]);
  });
});

describe("refusals", () => {
  it("answers NOT_FOUND for someone else's sticker, and INVALID_INPUT for settings out of bounds, changing nothing", async () => {
    const original: StickerEdit = (await editor(owner)).body.data.original;
    const before = (await rowOf(instId)).picId;
    expect((await editor(stranger)).body.status).toBe("NOT_FOUND");
    expect((await save(original, stranger)).body.status).toBe("NOT_FOUND");
    const restore = await callApi(t, "POST", "/api/sticker/restoreOriginal", {
      body: { stickerInstId: instId },
      session: stranger,
    });
    expect(restore.body.status).toBe("NOT_FOUND");
    for (const wrong of [
      { ...original, outline: { ...original.outline, width: OUTLINE_MAX_PX + 1 } },
      { ...original, caption: { text: "x".repeat(41), position: "top", color: "#ffffff" } },
      { ...original, caption: { text: "   ", position: "top", color: "#ffffff" } },
      { ...original, outline: { ...original.outline, color: "red" } },
      { ...original, zoom: 3 },
    ]) {
      const answer = await save(wrong as StickerEdit);
      expect([answer.http, answer.body.status]).toEqual([400, "INVALID_INPUT"]);
    }
    expect((await rowOf(instId)).picId).toBe(before);
  });
});

describe("a sticker without stored art", () => {
  it("is edited as a whole: an outline around it and a caption over it, and restored", async () => {
    const older = await made(owner, "a red apple");
    const row = await rowOf(older);
    // As stickers made before the editor existed: no editable art.
    await t.app.database.db.update(pictures).set({ editable: null }).where(eq(pictures.id, row.picId));
    const answer = await editor(owner, older);
    expect(answer.body.data).toMatchObject({ base: "whole", edit: { caption: null, outline: { width: 0 }, zoom: 1 } });
    const before = await pixelsOf(older);
    const saved = await save(
      {
        ...answer.body.data.edit,
        outline: { width: 10, color: "#3366ff" },
        caption: { text: "yum", position: "top", color: "#ffffff" },
      },
      owner,
      older,
    );
    expect(saved.http).toBe(200);
    expect(changedPixels(before, await pixelsOf(older))).toBeGreaterThan(500);
    await callApi(t, "POST", "/api/sticker/restoreOriginal", { body: { stickerInstId: older }, session: owner });
    expect(changedPixels(before, await pixelsOf(older))).toBe(0);
  });
});
