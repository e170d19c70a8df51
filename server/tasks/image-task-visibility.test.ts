/** A sticker made from an uploaded photo is private unless its owner chooses to share it. */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { stickers } from "../db/schema.ts";
import { startTaskWorkers, type TaskWorkers } from "./task-worker.ts";

let t: TestApp;
let workers: TaskWorkers;
let maker: TestSession;
let photo: Buffer;

beforeAll(async () => {
  t = await createGalleryTestApp(0);
  workers = await startTaskWorkers(t.app);
  maker = await userWithPoints(t, "photo-maker@example.com", 20);
  photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#d2a679" } })
    .png()
    .toBuffer();
}, 60_000);

afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
});

function photoForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(photo)], "me.png", { type: "image/png" }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

async function stickerVisibilityOf(taskId: number) {
  const done = await waitForTask(t, maker, taskId);
  expect(done.status).toBe(TASK_STATUS.success);
  const [sticker] = await t.app.database.db
    .select({ visibility: stickers.visibility })
    .from(stickers)
    .where(eq(stickers.taskId, taskId));
  return { task: done.visibility as string, sticker: sticker?.visibility };
}

describe("visibility of a new sticker", () => {
  it("makes a sticker from an uploaded photo private when the request names no visibility", async () => {
    const submitted = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: photoForm(), session: maker });
    expect(submitted.http).toBe(200);
    expect(await stickerVisibilityOf(submitted.body.data.taskId)).toEqual({ task: "private", sticker: "private" });
  });

  it("makes a photo sticker public when the owner asks for it: an explicit choice wins", async () => {
    const submitted = await callApi(t, "POST", "/api/aitask/submitGenerate", {
      form: photoForm({ visibility: "public" }),
      session: maker,
    });
    expect(submitted.http).toBe(200);
    expect(await stickerVisibilityOf(submitted.body.data.taskId)).toEqual({ task: "public", sticker: "public" });
  });

  it("keeps a sticker from words public when the request names no visibility", async () => {
    const submitted = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a fox reading a map" },
      session: maker,
    });
    expect(submitted.http).toBe(200);
    expect(await stickerVisibilityOf(submitted.body.data.taskId)).toEqual({ task: "public", sticker: "public" });
  });

  it("refuses any other visibility with INVALID_INPUT and makes no task", async () => {
    for (const value of ["Public", "unlisted", ""]) {
      const submitted = await callApi(t, "POST", "/api/aitask/submitGenerate", {
        form: photoForm({ visibility: value }),
        session: maker,
      });
      expect(submitted.http, value).toBe(400);
      expect(submitted.body.status, value).toBe("INVALID_INPUT");
    }
  });
});
