/**
 * "Make my version" (decision 0046): a sticker made with `remixOf` a public sticker records it and its
 * detail links back to it; a source that is not public (another's private, the caller's own private,
 * hidden, unknown) is ignored — the sticker is made and paid as any other, without the link — and the
 * link disappears when the original stops being public.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createGalleryTestApp, insertStickers, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { stickers } from "../db/schema.ts";
import { startTaskWorkers, type TaskWorkers } from "./task-worker.ts";

let t: TestApp;
let workers: TaskWorkers;
let maker: TestSession;
let remixer: TestSession;

beforeAll(async () => {
  t = await createGalleryTestApp(0);
  workers = await startTaskWorkers(t.app);
  maker = await userWithPoints(t, "maker@example.com", 0);
  remixer = await userWithPoints(t, "remixer@example.com", 20);
});

afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
});

/** Makes a text sticker as the create panel does, with `remixOf`; the made sticker's public id. */
async function makeRemix(session: TestSession, remixOf: string): Promise<string> {
  const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
    body: { prompt: "a happy cat", remixOf },
    session,
  });
  expect(submit.body.status).toBe(200);
  const task = await waitForTask(t, session, submit.body.data.taskId);
  expect(task.status).toBe(2);
  return task.stickers[0].stickerInstId as string;
}

async function detailOf(stickerInstId: string, session?: TestSession) {
  const { body } = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId }, ...(session ? { session } : {}) });
  return body.data;
}

describe("Make my version", () => {
  it("records the public sticker it came from, and its detail links to it for everyone", async () => {
    const [source] = await insertStickers(t, maker.userId, 1, { name: "Original cat", prompt: "a happy cat" });
    const before = await balanceOf(t, remixer.userId);
    const made = await makeRemix(remixer, source!.stickerInstId);
    // The price is the same as any text sticker's.
    expect(await balanceOf(t, remixer.userId)).toBe(before - t.app.config.TEXT_GENERATION_COST);
    const [row] = await t.app.database.db
      .select({ remixedFrom: stickers.remixedFrom })
      .from(stickers)
      .where(eq(stickers.stickerInstId, made));
    expect(row?.remixedFrom).toBe(source!.id);
    expect((await detailOf(made, remixer)).remixedFrom).toEqual({ stickerInstId: source!.stickerInstId, name: "Original cat" });
    // The new sticker is public (text), so a visitor sees the link too.
    expect((await detailOf(made)).remixedFrom).toEqual({ stickerInstId: source!.stickerInstId, name: "Original cat" });
  });

  it("a private source (another's, or the caller's own) is not recorded: the sticker is made without the link", async () => {
    const [othersPrivate] = await insertStickers(t, maker.userId, 1, { visibility: "private" });
    const [ownPrivate] = await insertStickers(t, remixer.userId, 1, { visibility: "private" });
    for (const source of [othersPrivate!, ownPrivate!]) {
      const made = await makeRemix(remixer, source.stickerInstId);
      const [row] = await t.app.database.db
        .select({ remixedFrom: stickers.remixedFrom })
        .from(stickers)
        .where(eq(stickers.stickerInstId, made));
      expect(row?.remixedFrom).toBeNull();
      expect((await detailOf(made, remixer)).remixedFrom).toBeNull();
    }
  });

  it("an unknown source is ignored, and a malformed one refused as invalid input", async () => {
    const made = await makeRemix(remixer, "nosuchsticker123");
    expect((await detailOf(made, remixer)).remixedFrom).toBeNull();
    const bad = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a cat", remixOf: "../../x" },
      session: remixer,
    });
    expect(bad.body.status).toBe("INVALID_INPUT");
  });

  it("the link is not shown once the original is no longer public", async () => {
    const [source] = await insertStickers(t, maker.userId, 1, { name: "Soon private" });
    const made = await makeRemix(remixer, source!.stickerInstId);
    expect((await detailOf(made)).remixedFrom?.stickerInstId).toBe(source!.stickerInstId);
    await t.app.database.db.update(stickers).set({ visibility: "private" }).where(eq(stickers.id, source!.id));
    expect((await detailOf(made)).remixedFrom).toBeNull();
    // The original's owner, who may still see it, still sees the link.
    expect((await detailOf(made, maker)).remixedFrom?.stickerInstId).toBe(source!.stickerInstId);
  });
});
