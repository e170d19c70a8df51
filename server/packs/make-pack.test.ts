/** A pack made in one go (decision 0026): calls, prices, refunds, order, owner-only progress, races. */
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors.ts";
import { MOODS } from "#common/packs.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { packStickers, packs, pictures, stickers, tasks, users } from "../db/schema.ts";
import { createOfflineProvider, type GenerationProvider } from "../generation/index.ts";
import { runTaskAttempt } from "../tasks/run-task.ts";

const EIGHT = MOODS.slice(0, 8).map((mood) => mood.id);
const TEXT_COST = 2;
const IMAGE_COST = 3;
let t: TestApp;
const offline = createOfflineProvider();

beforeAll(async () => {
  // No task workers: each test runs its tasks itself, in an order of its choosing.
  t = await createGalleryTestApp(0, {
    TEXT_GENERATION_COST: String(TEXT_COST),
    IMAGE_GENERATION_COST: String(IMAGE_COST),
    TASKS_IN_FLIGHT_LIMIT: "3",
    MEMBER_DAILY_LIMIT: "10",
  });
}, 60_000);

afterAll(async () => {
  await closeTestApp(t);
});

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: "#d2a679" } })
    .png()
    .toBuffer();
}

async function photoForm(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await photo())], "me.png", { type: "image/png" }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/** Runs the tasks in the order given (last mood first, to show the pack's order is not finishing order). */
async function runAll(taskIds: number[], provider: GenerationProvider = offline) {
  for (const taskId of [...taskIds].reverse()) await runTaskAttempt(t.app, provider, { taskId, retryCount: 0, retryLimit: 0 });
}

async function packContents(packId: string) {
  const [pack] = await t.app.database.db.select().from(packs).where(eq(packs.packId, packId));
  if (!pack) throw new Error(`no pack ${packId}`);
  const rows = await t.app.database.db
    .select({
      position: packStickers.position,
      emoji: packStickers.emoji,
      name: stickers.name,
      visibility: stickers.visibility,
      mood: tasks.mood,
    })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .innerJoin(tasks, eq(tasks.id, stickers.taskId))
    .where(eq(packStickers.packId, pack.id))
    .orderBy(asc(packStickers.position));
  return { pack, rows };
}

async function userTaskCount(userId: number) {
  return (await t.app.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, userId))).length;
}

async function packCount(userId: number) {
  return (await t.app.database.db.select({ id: packs.id }).from(packs).where(eq(packs.ownerId, userId))).length;
}

describe("making a pack of moods from a prompt", () => {
  let ann: TestSession;
  beforeAll(async () => {
    ann = await userWithPoints(t, "pack-ann@example.com", 100);
  });

  it("makes 8 tasks, debits 8 × the cost, and once run puts 8 stickers in mood order with the moods' emoji", async () => {
    const before = await balanceOf(t, ann.userId);
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "  a  happy cat ", moods: [...EIGHT].reverse() },
      session: ann,
    });
    expect(made.http).toBe(200);
    expect(made.body.data.taskIds).toHaveLength(8);
    expect(made.body.data.pack).toMatchObject({ name: "a happy cat", visibility: "public", stickerCount: 0 });
    expect(made.body.data.cost).toBe(8 * TEXT_COST);
    expect(made.body.data.point).toBe(before - 8 * TEXT_COST);
    expect(await balanceOf(t, ann.userId)).toBe(before - 8 * TEXT_COST);
    const moodsOfTasks = await t.app.database.db
      .select({ mood: tasks.mood, cost: tasks.cost })
      .from(tasks)
      .where(eq(tasks.userId, ann.userId))
      .orderBy(asc(tasks.id));
    expect(moodsOfTasks.map((row) => row.mood)).toEqual(EIGHT);

    await runAll(made.body.data.taskIds);
    const { rows } = await packContents(made.body.data.pack.packId);
    expect(rows.map((row) => row.mood)).toEqual(EIGHT);
    expect(rows.map((row) => row.emoji)).toEqual(MOODS.slice(0, 8).map((mood) => [mood.emoji]));
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rows[0]?.name).toBe("a happy cat · Happy");
    expect(rows[1]?.name).toBe("a happy cat · Sad");
    expect(new Set(rows.map((row) => row.visibility))).toEqual(new Set(["public"]));
    expect(await balanceOf(t, ann.userId)).toBe(before - 8 * TEXT_COST);

    const progress = await callApi(t, "GET", "/api/pack/progress", {
      params: { packId: made.body.data.pack.packId },
      session: ann,
    });
    expect(progress.body.data).toMatchObject({ total: 8, ready: 8, failed: 0, done: true });
    expect(progress.body.data.tasks.map((task: { mood: string }) => task.mood)).toEqual(EIGHT);
    expect(progress.body.data.tasks.every((task: { sticker: unknown }) => task.sticker !== null)).toBe(true);
  });

  it("refunds a mood that fails and leaves the other 7 in the pack", async () => {
    const before = await balanceOf(t, ann.userId);
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a dog", moods: EIGHT, name: "Dog days" },
      session: ann,
    });
    expect(made.http).toBe(200);
    expect(made.body.data.pack.name).toBe("Dog days");
    const failingSad: GenerationProvider = {
      name: "failing-sad",
      textToSticker: (req) =>
        req.mood === "sad"
          ? Promise.reject(new AppError("PROVIDER_REJECTED", "refused", { retryable: false }))
          : offline.textToSticker(req),
      imageToSticker: (req) => offline.imageToSticker(req),
    };
    await runAll(made.body.data.taskIds, failingSad);
    const { rows } = await packContents(made.body.data.pack.packId);
    expect(rows.map((row) => row.mood)).toEqual(EIGHT.filter((mood) => mood !== "sad"));
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await balanceOf(t, ann.userId)).toBe(before - 7 * TEXT_COST);
    const progress = await callApi(t, "GET", "/api/pack/progress", {
      params: { packId: made.body.data.pack.packId },
      session: ann,
    });
    expect(progress.body.data).toMatchObject({ total: 8, ready: 7, failed: 1, done: true });
    const sad = progress.body.data.tasks.find((task: { mood: string }) => task.mood === "sad");
    expect(sad).toMatchObject({ status: TASK_STATUS.failed, refunded: true, errorCode: "PROVIDER_REJECTED", sticker: null });
  });

  it("keeps a sticker the owner added by hand in its place while the made ones settle in mood order", async () => {
    // A sticker of the owner's own to add by hand: the "cool" one of another pack.
    const other = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a frog", moods: ["cool", "party"] },
      session: ann,
    });
    await runAll(other.body.data.taskIds);
    const [own] = await t.app.database.db
      .select({ stickerInstId: stickers.stickerInstId })
      .from(stickers)
      .where(eq(stickers.taskId, other.body.data.taskIds[0]));
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "an owl", moods: ["happy", "sad", "love"] },
      session: ann,
    });
    expect(made.http).toBe(200);
    const [happy, sad, love] = made.body.data.taskIds as number[];
    await runTaskAttempt(t.app, offline, { taskId: love as number, retryCount: 0, retryLimit: 0 });
    const added = await callApi(t, "POST", "/api/pack/addStickers", {
      body: { packId: made.body.data.pack.packId, stickerInstIds: [own?.stickerInstId] },
      session: ann,
    });
    expect(added.http).toBe(200);
    await runTaskAttempt(t.app, offline, { taskId: sad as number, retryCount: 0, retryLimit: 0 });
    await runTaskAttempt(t.app, offline, { taskId: happy as number, retryCount: 0, retryLimit: 0 });
    const { rows } = await packContents(made.body.data.pack.packId);
    expect(rows.map((row) => row.name)).toEqual(["an owl · Happy", "a frog · Cool", "an owl · Sad", "an owl · Love"]);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3]);
  });

  it("keeps a move the owner makes while the pack is being made: a sticker that finishes later joins at the end", async () => {
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a newt", moods: ["happy", "sad", "love"] },
      session: ann,
    });
    expect(made.http).toBe(200);
    const packId = made.body.data.pack.packId as string;
    const [happy, sad, love] = made.body.data.taskIds as number[];
    await runTaskAttempt(t.app, offline, { taskId: happy as number, retryCount: 0, retryLimit: 0 });
    await runTaskAttempt(t.app, offline, { taskId: sad as number, retryCount: 0, retryLimit: 0 });
    const before = await callApi(t, "GET", "/api/pack/get", { params: { packId }, session: ann });
    const [first, second] = (before.body.data.stickers as { stickerInstId: string }[]).map((sticker) => sticker.stickerInstId);
    // The owner puts Sad before Happy.
    const moved = await callApi(t, "POST", "/api/pack/reorder", {
      body: { packId, stickerInstIds: [second, first] },
      session: ann,
    });
    expect(moved.http).toBe(200);
    await runTaskAttempt(t.app, offline, { taskId: love as number, retryCount: 0, retryLimit: 0 });
    const { rows } = await packContents(packId);
    expect(rows.map((row) => row.name)).toEqual(["a newt · Sad", "a newt · Happy", "a newt · Love"]);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2]);
  });

  it("shows the progress to the owner only: another user gets PACK_NOT_FOUND", async () => {
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a fox", moods: ["happy", "sad"] },
      session: ann,
    });
    expect(made.http).toBe(200);
    const mine = await callApi(t, "GET", "/api/pack/progress", { params: { packId: made.body.data.pack.packId }, session: ann });
    expect(mine.body.data).toMatchObject({ total: 2, ready: 0, failed: 0, done: false });
    const other = await userWithPoints(t, "pack-other@example.com", 0);
    const theirs = await callApi(t, "GET", "/api/pack/progress", {
      params: { packId: made.body.data.pack.packId },
      session: other,
    });
    expect(theirs.http).toBe(404);
    expect(theirs.body.status).toBe("PACK_NOT_FOUND");
    const unknown = await callApi(t, "GET", "/api/pack/progress", { params: { packId: "nope" }, session: ann });
    expect(unknown.body.status).toBe("PACK_NOT_FOUND");
    await runAll(made.body.data.taskIds);
  });
});

describe("making a pack of moods from a photo", () => {
  it("makes 8 private stickers from one stored photo, in mood order, debiting 8 × the image cost", async () => {
    const pia = await userWithPoints(t, "pack-pia@example.com", 100);
    const before = await balanceOf(t, pia.userId);
    const made = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: EIGHT.join(",") }),
      session: pia,
    });
    expect(made.http).toBe(200);
    expect(made.body.data.taskIds).toHaveLength(8);
    expect(made.body.data.pack).toMatchObject({ name: "Photo pack", visibility: "private" });
    expect(await balanceOf(t, pia.userId)).toBe(before - 8 * IMAGE_COST);
    await runAll(made.body.data.taskIds);
    const { pack, rows } = await packContents(made.body.data.pack.packId);
    expect(pack.visibility).toBe("private");
    expect(rows.map((row) => row.mood)).toEqual(EIGHT);
    expect(rows.map((row) => row.emoji)).toEqual(MOODS.slice(0, 8).map((mood) => [mood.emoji]));
    expect(new Set(rows.map((row) => row.visibility))).toEqual(new Set(["private"]));
    expect(rows[2]?.name).toBe("Photo sticker · Love");
    // Each keeps its photo and its mood's caption apart, so they can move apart (decision 0041).
    const layered = await t.app.database.db
      .select({ layers: pictures.layers })
      .from(packStickers)
      .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
      .innerJoin(pictures, eq(pictures.id, stickers.picId))
      .where(eq(packStickers.packId, pack.id));
    expect(layered.map((row) => row.layers?.captionDirection)).toEqual(Array(8).fill("ltr"));
    // Eight subject cut-outs drawn one after another: past the default 30 s on a busy 2-core runner.
  }, 90_000);
});

describe("refusals: nothing is made", () => {
  it("refuses a group the balance cannot pay in full with NOT_ENOUGH_POINTS, and makes no pack, task or debit", async () => {
    const poor = await userWithPoints(t, "pack-poor@example.com", 0);
    await t.app.database.db
      .update(users)
      .set({ point: 8 * TEXT_COST - 1 })
      .where(eq(users.id, poor.userId));
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", { body: { prompt: "a cat", moods: EIGHT }, session: poor });
    expect(made.body.status).toBe("NOT_ENOUGH_POINTS");
    const photoMade = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: EIGHT.join(",") }),
      session: poor,
    });
    expect(photoMade.body.status).toBe("NOT_ENOUGH_POINTS");
    expect(await balanceOf(t, poor.userId)).toBe(8 * TEXT_COST - 1);
    expect(await userTaskCount(poor.userId)).toBe(0);
    expect(await packCount(poor.userId)).toBe(0);
  });

  it.each([
    ["an unknown mood", ["happy", "grumpy"]],
    ["a repeated mood", ["happy", "sad", "happy"]],
    ["a single mood", ["happy"]],
    ["no mood", []],
  ])("refuses %s with MOODS_INVALID", async (_case, moods) => {
    const val = await userWithPoints(t, `pack-moods-${moods.length}-${moods.join("")}@example.com`, 100);
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", { body: { prompt: "a cat", moods }, session: val });
    expect(made.http).toBe(400);
    expect(made.body.status).toBe("MOODS_INVALID");
    const photoMade = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: moods.join(",") }),
      session: val,
    });
    expect(photoMade.body.status).toBe("MOODS_INVALID");
    expect(await userTaskCount(val.userId)).toBe(0);
    expect(await packCount(val.userId)).toBe(0);
  });

  it.each([
    ["a blocked prompt", { prompt: "porn", moods: "happy,sad" }, "PROMPT_BLOCKED"],
    ["a name too long", { moods: "happy,sad", name: "n".repeat(65) }, "PACK_NAME_INVALID"],
    ["an unknown style", { moods: "happy,sad", styleId: "999999" }, "STYLE_NOT_FOUND"],
  ])(
    "refuses a photo pack with %s before it reads the photo (an unreadable file is never decoded)",
    async (_case, fields, code) => {
      const val = await userWithPoints(t, `pack-early-${code}@example.com`, 100);
      const form = new FormData();
      form.append("file", new File([new TextEncoder().encode("not a picture at all")], "me.png", { type: "image/png" }));
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const made = await callApi(t, "POST", "/api/pack/makeFromImage", { form, session: val });
      expect(made.body.status).toBe(code);
      expect(await userTaskCount(val.userId)).toBe(0);
      expect(await packCount(val.userId)).toBe(0);
    },
  );

  it("admits a group under the in-flight cap (it may pass it by its own size) and refuses the next one with TOO_MANY_TASKS", async () => {
    const busy = await userWithPoints(t, "pack-busy@example.com", 100);
    const first = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a cat", moods: EIGHT },
      session: busy,
    });
    expect(first.http).toBe(200);
    const second = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a cat", moods: EIGHT },
      session: busy,
    });
    expect(second.body.status).toBe("TOO_MANY_TASKS");
    expect(await userTaskCount(busy.userId)).toBe(8);
    await runAll(first.body.data.taskIds);
  });

  it("counts each sticker of a member's group against the daily limit", async () => {
    const gus = await userWithPoints(t, "pack-member@example.com", 0);
    await t.app.database.db.update(users).set({ subscribePlan: "price_annual" }).where(eq(users.id, gus.userId));
    const first = await callApi(t, "POST", "/api/pack/makeFromPrompt", { body: { prompt: "a cat", moods: EIGHT }, session: gus });
    expect(first.http).toBe(200);
    expect(first.body.data.cost).toBe(0);
    await runAll(first.body.data.taskIds);
    // 8 of 10 used: a group of 3 would pass the limit.
    const second = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a cat", moods: ["happy", "sad", "love"] },
      session: gus,
    });
    expect(second.body.status).toBe("DAILY_LIMIT_REACHED");
    const third = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a cat", moods: ["happy", "sad"] },
      session: gus,
    });
    expect(third.http).toBe(200);
    await runAll(third.body.data.taskIds);
  });
});

describeOnPostgres("two packs made at once on a balance for one", () => {
  // A cap high enough that the balance, not the in-flight cap, is what one of the two runs into.
  let wide: TestApp;
  beforeAll(async () => {
    wide = await createGalleryTestApp(0, { TEXT_GENERATION_COST: String(TEXT_COST), TASKS_IN_FLIGHT_LIMIT: "100" });
  }, 60_000);
  afterAll(async () => {
    await closeTestApp(wide);
  });

  it("lets exactly one make through and takes exactly its price; the other gets NOT_ENOUGH_POINTS", async () => {
    const racer = await userWithPoints(wide, "pack-racer@example.com", 0);
    await wide.app.database.db
      .update(users)
      .set({ point: 8 * TEXT_COST })
      .where(eq(users.id, racer.userId));
    const answers = await Promise.all(
      [0, 1].map(() =>
        callApi(wide, "POST", "/api/pack/makeFromPrompt", { body: { prompt: "a cat", moods: EIGHT }, session: racer }),
      ),
    );
    expect(answers.map((answer) => String(answer.body.status)).sort()).toEqual(["200", "NOT_ENOUGH_POINTS"]);
    expect(await balanceOf(wide, racer.userId)).toBe(0);
    const made = await wide.app.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, racer.userId));
    expect(made).toHaveLength(8);
    const owned = await wide.app.database.db.select({ id: packs.id }).from(packs).where(eq(packs.ownerId, racer.userId));
    expect(owned).toHaveLength(1);
  });

  it("lets exactly one of two makes through when the in-flight cap has room for one group", async () => {
    const racer = await userWithPoints(t, "pack-racer-cap@example.com", 100);
    const answers = await Promise.all(
      [0, 1].map(() =>
        callApi(t, "POST", "/api/pack/makeFromPrompt", { body: { prompt: "a cat", moods: EIGHT }, session: racer }),
      ),
    );
    expect(answers.map((answer) => String(answer.body.status)).sort()).toEqual(["200", "TOO_MANY_TASKS"]);
    expect(await userTaskCount(racer.userId)).toBe(8);
    expect(await packCount(racer.userId)).toBe(1);
  });
});
