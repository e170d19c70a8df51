/**
 * Stickers that move (decision 0041), through the real calls and file routes: a sticker's layers kept
 * when it is made, "Make it move" priced and made into the caller's own sticker, the moving files served
 * to exactly who may see them and passing each messenger's rule, packs made to move and exported.
 */
import { eq } from "drizzle-orm";
import { type Unzipped, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOTION_PRESETS } from "#common/motion.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pictures, stickers, tasks } from "../db/schema.ts";
import {
  checkAnimatedDownload,
  checkTelegramVideoSticker,
  checkWhatsAppAnimatedSticker,
  readWebm,
  readWebp,
} from "../exports/validate/index.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { changePoints } from "../points/change-points.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { runTaskAttempt } from "../tasks/run-task.ts";
import { layerKeys } from "./motion-keys.ts";

const MOTION_COST = 2;
let t: TestApp;
const offline = createOfflineProvider();

beforeAll(async () => {
  // No task workers: each test runs its tasks itself.
  t = await createGalleryTestApp(0, { MOTION_COST: String(MOTION_COST), TEXT_GENERATION_COST: "1", TASKS_IN_FLIGHT_LIMIT: "8" });
}, 60_000);

afterAll(async () => {
  await closeTestApp(t);
});

async function run(taskId: number) {
  await runTaskAttempt(t.app, offline, { taskId, retryCount: 0, retryLimit: 0 });
}

/** A sticker made from `prompt` by the offline generator, as its owner's task makes it. */
async function makeSticker(session: TestSession, prompt: string, visibility: "public" | "private" = "public") {
  const { body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt, visibility }, session });
  expect(body.status).toBe(200);
  await run(body.data.taskId);
  const task = await callApi(t, "GET", "/api/v2/aitask/get", { params: { taskId: String(body.data.taskId) }, session });
  return task.body.data.stickers[0] as { stickerInstId: string; picId: { id: string }; name: string };
}

/** "Make it move" as the page calls it, the task run to its end; the task's answer. */
async function makeItMove(session: TestSession, stickerInstId: string, preset: string, visibility = "public") {
  const { body } = await callApi(t, "POST", "/api/motion/make", { body: { stickerInstId, preset, visibility }, session });
  expect(body.status, JSON.stringify(body)).toBe(200);
  await run(body.data.taskId);
  const task = await callApi(t, "GET", "/api/v2/aitask/get", { params: { taskId: String(body.data.taskId) }, session });
  return { submitted: body.data, task: task.body.data };
}

function get(path: string, session?: TestSession) {
  const headers: Record<string, string> = {};
  if (session) headers.Cookie = `${sessionCookieName(t.app.config)}=${session.token}`;
  return t.server.request(path, { headers });
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("a made sticker's layers", () => {
  it("keeps a captioned text sticker's subject and caption apart in storage, and none for a sticker without a caption", async () => {
    const owner = await userWithPoints(t, "layers@example.com", 10);
    const captioned = await makeSticker(owner, 'a happy cat saying "hello"');
    const plain = await makeSticker(owner, "a red apple");
    const rows = await t.app.database.db.select({ id: pictures.id, layers: pictures.layers }).from(pictures);
    const layersOf = (picId: string) => rows.find((row) => row.id === picId)?.layers;
    const keys = layerKeys(captioned.picId.id);
    expect(layersOf(captioned.picId.id)).toEqual({ subject: keys.subject, caption: keys.caption, captionDirection: "ltr" });
    expect(await t.app.storage.has(layerKeys(captioned.picId.id).subject)).toBe(true);
    expect(await t.app.storage.has(layerKeys(captioned.picId.id).caption)).toBe(true);
    expect(layersOf(plain.picId.id)).toBeNull();
    // Layers are never served by name.
    expect((await get(`/files/${keys.caption}`, owner)).status).toBe(404);
    // Nor is the editor's art (decision 0047), which every drawn sticker keeps.
    expect(await t.app.storage.has(keys.art)).toBe(true);
    expect((await get(`/files/${keys.art}`, owner)).status).toBe(404);
  });
});

describe("making one sticker move", () => {
  let owner: TestSession;
  let other: TestSession;
  let captioned: { stickerInstId: string; picId: { id: string }; name: string };
  let plain: { stickerInstId: string; picId: { id: string }; name: string };

  beforeAll(async () => {
    owner = await userWithPoints(t, "mover@example.com", 20);
    other = await userWithPoints(t, "copier@example.com", 20);
    captioned = await makeSticker(owner, 'a dog saying "woof"');
    plain = await makeSticker(owner, "a blue car");
  }, 60_000);

  it("offers all presets, the caption's too, for a captioned sticker, and every preset but the caption's for one without; at MOTION_COST points", async () => {
    const withCaption = await callApi(t, "GET", "/api/motion/options", {
      params: { stickerInstId: captioned.stickerInstId },
      session: owner,
    });
    expect(withCaption.body.data).toEqual({
      presets: [...MOTION_PRESETS],
      cost: MOTION_COST,
      member: false,
      point: await balanceOf(t, owner.userId),
      mine: true,
    });
    const without = await callApi(t, "GET", "/api/motion/options", {
      params: { stickerInstId: plain.stickerInstId },
      session: other,
    });
    expect(without.body.data.presets).toEqual(MOTION_PRESETS.filter((preset) => preset !== "type"));
    expect(without.body.data.mine).toBe(false);
  });

  it("makes the caller's own moving sticker for MOTION_COST points: same picture as its first frame, same name and subjects, linked to its source, its files served to everyone", async () => {
    const before = await balanceOf(t, owner.userId);
    const { submitted, task } = await makeItMove(owner, captioned.stickerInstId, "type");
    expect(submitted.cost).toBe(MOTION_COST);
    expect(await balanceOf(t, owner.userId)).toBe(before - MOTION_COST);
    expect(task.status).toBe(TASK_STATUS.success);
    expect(task.type).toBe(3);
    const made = task.stickers[0];
    expect(made.stickerInstId).not.toBe(captioned.stickerInstId);
    expect(made.picId.id).toBe(captioned.picId.id);
    expect(made.name).toBe(captioned.name);
    expect(made.motion).toEqual({
      preset: "type",
      imageUrl: `/files/${captioned.picId.id}-move1-type.webp`,
      thumbUrl: `/files/${captioned.picId.id}-move1-type-256.webp`,
    });
    const [row] = await t.app.database.db
      .select({ motion: stickers.motion, madeFrom: stickers.madeFromStickerId, ownerId: stickers.ownerId })
      .from(stickers)
      .where(eq(stickers.stickerInstId, made.stickerInstId));
    expect(row?.motion).toBe("type");
    expect(row?.ownerId).toBe(owner.userId);
    expect(row?.madeFrom).not.toBeNull();

    // Shown moving to a visitor: the 512 px loop and both thumbnails, each an animated WebP.
    for (const [url, edge] of [
      [made.motion.imageUrl, 512],
      [made.motion.thumbUrl, 256],
      [made.motion.thumbUrl.replace("-256.webp", "-160.webp"), 160],
    ] as const) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const info = readWebp(await bytesOf(response));
      expect(info.animated).toBe(true);
      expect([info.width, info.height]).toEqual([edge, edge]);
      expect(info.frames.length).toBeGreaterThan(1);
    }
    // It is a sticker like any other: its page answers, in the owner's list.
    const page = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId: made.stickerInstId } });
    expect(page.body.data.motion.preset).toBe("type");
  }, 60_000);

  it("gives another user their own moving copy of a public sticker, and refuses what they may not have: another's private sticker (NOT_FOUND) and the caption's preset without a caption (MOTION_PRESET_UNAVAILABLE), taking nothing", async () => {
    const before = await balanceOf(t, other.userId);
    const unavailable = await callApi(t, "POST", "/api/motion/make", {
      body: { stickerInstId: plain.stickerInstId, preset: "type" },
      session: other,
    });
    expect(unavailable.http).toBe(409);
    expect(unavailable.body).toMatchObject({ status: "MOTION_PRESET_UNAVAILABLE", msgKey: "errors.motionPresetUnavailable" });

    const secret = await makeSticker(owner, "a secret moon", "private");
    const hidden = await callApi(t, "POST", "/api/motion/make", {
      body: { stickerInstId: secret.stickerInstId, preset: "spin" },
      session: other,
    });
    expect(hidden.http).toBe(404);
    expect(hidden.body.status).toBe("NOT_FOUND");
    expect(await balanceOf(t, other.userId)).toBe(before);

    const { task } = await makeItMove(other, plain.stickerInstId, "bounce", "private");
    const copy = task.stickers[0];
    const [row] = await t.app.database.db
      .select({ ownerId: stickers.ownerId, visibility: stickers.visibility })
      .from(stickers)
      .where(eq(stickers.stickerInstId, copy.stickerInstId));
    expect(row).toEqual({ ownerId: other.userId, visibility: "private" });
    // A private moving sticker's files are its owner's only.
    expect((await get(copy.motion.imageUrl)).status).toBe(404);
    expect((await get(copy.motion.imageUrl, owner)).status).toBe(404);
    expect((await get(copy.motion.imageUrl, other)).status).toBe(200);
    expect((await get(`/files/motion/${copy.picId.id}/bounce/webp`)).status).toBe(404);
  }, 60_000);

  it("fails a motion task whose sticker's picture is gone at its first attempt, points back, and makes nothing", async () => {
    const lost = await makeSticker(owner, "a paper plane");
    const before = await balanceOf(t, owner.userId);
    const { body } = await callApi(t, "POST", "/api/motion/make", {
      body: { stickerInstId: lost.stickerInstId, preset: "float" },
      session: owner,
    });
    await t.app.storage.delete(`${lost.picId.id}.png`);
    // Attempts to spare: a retryable failure would be handed back to the queue instead.
    await runTaskAttempt(t.app, offline, { taskId: body.data.taskId, retryCount: 0, retryLimit: 3 });
    const task = await callApi(t, "GET", "/api/v2/aitask/get", { params: { taskId: String(body.data.taskId) }, session: owner });
    expect(task.body.data).toMatchObject({ status: TASK_STATUS.failed, errorCode: "NOT_FOUND", refunded: true, stickers: [] });
    expect(await balanceOf(t, owner.userId)).toBe(before);
  });

  it("downloads a moving sticker as WhatsApp's animated WebP, Telegram's video sticker, a GIF and an APNG, each passing its rule; a preset nobody made is NOT_FOUND", async () => {
    const { task } = await makeItMove(owner, plain.stickerInstId, "wiggle");
    const picId = task.stickers[0].picId.id;
    const webp = await get(`/files/motion/${picId}/wiggle/webp`);
    expect(webp.status, await webp.clone().text()).toBe(200);
    expect(webp.headers.get("content-disposition")).toMatch(/^attachment; filename="ai-sticker-\d+\.webp"$/);
    expect(checkWhatsAppAnimatedSticker(await bytesOf(webp))).toEqual([]);
    const webm = await get(`/files/motion/${picId}/wiggle/webm`);
    expect(webm.headers.get("content-type")).toBe("video/webm");
    const video = await bytesOf(webm);
    expect(checkTelegramVideoSticker(video)).toEqual([]);
    expect(readWebm(video).tracks.map((track) => track.type)).toEqual(["video"]);
    expect(checkAnimatedDownload(await bytesOf(await get(`/files/motion/${picId}/wiggle/gif`)), "gif")).toEqual([]);
    expect(checkAnimatedDownload(await bytesOf(await get(`/files/motion/${picId}/wiggle/apng`)), "apng")).toEqual([]);
    expect((await get(`/files/motion/${picId}/spin/webp`)).status).toBe(404);
    expect((await get(`/files/motion/${picId}/wiggle/mp4`)).status).toBe(404);
  }, 90_000);

  it("makes the picker's preview of a picture the viewer may see on its first request and serves it again from storage; none for another's private picture, nor the caption's preset without a caption", async () => {
    const url = `/files/${plain.picId.id}-move1-pulse-preview.webp`;
    const first = await get(url, other);
    expect(first.status).toBe(200);
    expect(readWebp(await bytesOf(first)).animated).toBe(true);
    expect(await t.app.storage.has(`${plain.picId.id}-move1-pulse-preview.webp`)).toBe(true);
    expect((await get(url)).status).toBe(200);
    expect((await get(`/files/${plain.picId.id}-move1-type-preview.webp`, other)).status).toBe(404);
    const secret = await makeSticker(owner, "a hidden star", "private");
    expect((await get(`/files/${secret.picId.id}-move1-pulse-preview.webp`, other)).status).toBe(404);
  }, 60_000);
});

describe("making a pack move", () => {
  async function unzipped(response: Response): Promise<Unzipped> {
    expect(response.status).toBe(200);
    return unzipSync(await bytesOf(response));
  }

  it("makes a new pack with a moving copy of each sticker, in order and with their emoji, each paid; WhatsApp gets it as an animated pack, Telegram as video stickers, and a pack mixing still and moving stickers goes to WhatsApp still", async () => {
    const owner = await userWithPoints(t, "packmover@example.com", 30);
    const made = [
      await makeSticker(owner, "a green frog"),
      await makeSticker(owner, "a yellow sun"),
      await makeSticker(owner, "a pink flower"),
    ];
    const created = await callApi(t, "POST", "/api/pack/create", {
      body: { name: "Garden", visibility: "public", stickerInstIds: made.map((sticker) => sticker.stickerInstId) },
      session: owner,
    });
    const packId = created.body.data.packId;
    await callApi(t, "POST", "/api/pack/setEmoji", {
      body: { packId, stickerInstId: made[1]?.stickerInstId, emoji: ["☀️"] },
      session: owner,
    });

    const options = await callApi(t, "GET", "/api/motion/packOptions", { params: { packId }, session: owner });
    expect(options.body.data).toMatchObject({ count: 3, cost: MOTION_COST });
    expect(options.body.data.presets).not.toContain("type");

    const before = await balanceOf(t, owner.userId);
    const answer = await callApi(t, "POST", "/api/motion/makePack", {
      body: { packId, preset: "float", visibility: "public" },
      session: owner,
    });
    expect(answer.body.status).toBe(200);
    expect(answer.body.data.cost).toBe(3 * MOTION_COST);
    expect(await balanceOf(t, owner.userId)).toBe(before - 3 * MOTION_COST);
    expect(answer.body.data.pack.name).toBe("Garden · moving");
    // Finishing in reverse order still gives the source's order.
    for (const taskId of [...answer.body.data.taskIds].reverse()) await run(taskId);
    const progress = await callApi(t, "GET", "/api/motion/packProgress", {
      params: { packId: answer.body.data.pack.packId },
      session: owner,
    });
    expect(progress.body.data).toEqual({ total: 3, made: 3, failed: 0, progress: 100 });

    const moving = await callApi(t, "GET", "/api/pack/get", { params: { packId: answer.body.data.pack.packId }, session: owner });
    const movingStickers = moving.body.data.stickers as { picId: { id: string }; motion: { preset: string }; emoji: string[] }[];
    expect(movingStickers.map((sticker) => sticker.picId.id)).toEqual(made.map((sticker) => sticker.picId.id));
    expect(movingStickers.every((sticker) => sticker.motion?.preset === "float")).toBe(true);
    expect(movingStickers[1]?.emoji).toEqual(["☀️"]);

    const whatsapp = await unzipped(await get(`/files/pack/${answer.body.data.pack.packId}/whatsapp`, owner));
    const contents = JSON.parse(new TextDecoder().decode(whatsapp["contents.json"]));
    expect(contents.sticker_packs[0].animated_sticker_pack).toBe(true);
    for (const name of ["01.webp", "02.webp", "03.webp"]) {
      const file = whatsapp[name];
      expect(file, name).toBeDefined();
      expect(checkWhatsAppAnimatedSticker(file as Uint8Array), name).toEqual([]);
    }
    const telegram = await unzipped(await get(`/files/pack/${answer.body.data.pack.packId}/telegram`, owner));
    expect(
      Object.keys(telegram)
        .filter((name) => name.endsWith(".webm"))
        .sort(),
    ).toEqual(["01.webm", "02.webm", "03.webm"]);
    expect(checkTelegramVideoSticker(telegram["01.webm"] as Uint8Array)).toEqual([]);
    expect(new TextDecoder().decode(telegram["emoji.txt"])).toContain("02.webm ☀️");

    // One moving sticker among still ones: WhatsApp's file is all still.
    const firstMoving = moving.body.data.stickers[0].stickerInstId;
    await callApi(t, "POST", "/api/pack/addStickers", { body: { packId, stickerInstIds: [firstMoving] }, session: owner });
    const mixed = await unzipped(await get(`/files/pack/${packId}/whatsapp`, owner));
    expect(JSON.parse(new TextDecoder().decode(mixed["contents.json"])).sticker_packs[0].animated_sticker_pack).toBe(false);
    expect(readWebp(mixed["04.webp"] as Uint8Array).animated).toBe(false);
  }, 120_000);
});

describeOnPostgres("motion payments under concurrency", () => {
  it("takes the points of exactly one of two simultaneous makes when the balance pays for one", async () => {
    const owner = await userWithPoints(t, "race-motion@example.com", 5);
    const sticker = await makeSticker(owner, "a tiny robot");
    // Leave exactly one motion's price.
    await changePoints(t.app.database.db, {
      userId: owner.userId,
      delta: MOTION_COST - (await balanceOf(t, owner.userId)),
      reason: "test",
      idempotencyKey: "race-motion:leave-one",
    });
    const answers = await Promise.all(
      ["spin", "shake"].map((preset) =>
        callApi(t, "POST", "/api/motion/make", { body: { stickerInstId: sticker.stickerInstId, preset }, session: owner }),
      ),
    );
    expect(answers.map((answer) => answer.body.status).sort()).toEqual([200, "NOT_ENOUGH_POINTS"]);
    expect(await balanceOf(t, owner.userId)).toBe(0);
    const made = await t.app.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, owner.userId));
    expect(made.length).toBe(2); // the sticker's own task and one motion task
  });

  it("makes exactly one of two simultaneous pack motions when the balance pays for one pack, all its stickers or none", async () => {
    const owner = await userWithPoints(t, "race-pack-motion@example.com", 5);
    const stickerInstIds = [
      (await makeSticker(owner, "a red kite")).stickerInstId,
      (await makeSticker(owner, "a blue boat")).stickerInstId,
    ];
    const created = await callApi(t, "POST", "/api/pack/create", { body: { name: "Race", stickerInstIds }, session: owner });
    const packId = created.body.data.packId;
    // Exactly one pack's price: two stickers.
    await changePoints(t.app.database.db, {
      userId: owner.userId,
      delta: 2 * MOTION_COST - (await balanceOf(t, owner.userId)),
      reason: "test",
      idempotencyKey: "race-pack-motion:leave-one-pack",
    });
    const answers = await Promise.all(
      ["spin", "shake"].map((preset) => callApi(t, "POST", "/api/motion/makePack", { body: { packId, preset }, session: owner })),
    );
    expect(answers.map((answer) => answer.body.status).sort()).toEqual([200, "NOT_ENOUGH_POINTS"]);
    expect(await balanceOf(t, owner.userId)).toBe(0);
    const motionTasks = await t.app.database.db
      .select({ motion: tasks.motion })
      .from(tasks)
      .where(eq(tasks.userId, owner.userId));
    expect(motionTasks.filter((task) => task.motion !== null)).toHaveLength(2);
  });
});
