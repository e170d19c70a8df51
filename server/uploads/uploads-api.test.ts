/**
 * Uploads through the real call (`POST /api/aitask/submitGenerate`): every hostile file gets its
 * code and HTTP status and costs nothing; accepted pictures are stored re-encoded, never as sent.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "#common/errors.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import {
  emptyUpload,
  gifImage,
  JPEG_EXIF_ARTIST,
  jpegZipPolyglot,
  PNG_POLYGLOT_PAYLOAD,
  plainText,
  pngBomb14000,
  pngPolyglot,
  svgWithScript,
  truncatedJpeg,
  truncatedPng,
  validJpeg,
  wrongMagic,
  ZIP_POLYGLOT_ENTRY,
  ZIP_POLYGLOT_PAYLOAD,
} from "#tests/fixtures/hostile-uploads.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, storedUploads, userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { tasks } from "../db/schema.ts";
import { startTaskWorkers, type TaskWorkers } from "../tasks/task-worker.ts";

const UPLOAD_MAX_BYTES = 200_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let workers: TaskWorkers;

beforeAll(async () => {
  t = await createGalleryTestApp(0, { UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
  workers = await startTaskWorkers(t.app);
});

afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
});

async function taskRowsOf(userId: number) {
  return t.app.database.db.select().from(tasks).where(eq(tasks.userId, userId));
}

function formWith(file: Buffer | undefined, name = "picture.png", fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  if (file) form.append("file", new File([new Uint8Array(file)], name, { type: "image/png" }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

const submit = (session: TestSession, form: FormData) => callApi(t, "POST", "/api/aitask/submitGenerate", { form, session });

/** The stored input of a task: the bytes under its `inputKey`. */
async function storedInputOf(taskId: number): Promise<Buffer> {
  const [row] = await t.app.database.db.select({ inputKey: tasks.inputKey }).from(tasks).where(eq(tasks.id, taskId));
  expect(row?.inputKey).toMatch(/^upload-[a-f0-9]+\.png$/);
  const stored = await t.app.storage.get(row!.inputKey!);
  if (!stored) throw new Error(`nothing stored under ${row?.inputKey}`);
  expect(stored.contentType).toBe("image/png");
  return stored.body;
}

describe("POST /api/aitask/submitGenerate refuses hostile uploads at no cost", () => {
  let victim: TestSession;

  beforeAll(async () => {
    victim = await userWithPoints(t, "victim@example.com", 5);
  });

  const cases: [string, ErrorCode, number, () => FormData | Promise<FormData>][] = [
    ["a 14000×14000 PNG bomb", "UPLOAD_TOO_MANY_PIXELS", 422, async () => formWith(await pngBomb14000())],
    ["an SVG with a script", "UPLOAD_UNSUPPORTED_TYPE", 415, () => formWith(svgWithScript(), "picture.svg")],
    ["a PNG with the wrong magic byte", "UPLOAD_NOT_AN_IMAGE", 422, async () => formWith(await wrongMagic())],
    ["a text file named .jpg (image/png)", "UPLOAD_NOT_AN_IMAGE", 422, () => formWith(plainText(), "holiday.jpg")],
    ["a GIF named .png", "UPLOAD_UNSUPPORTED_TYPE", 415, async () => formWith(await gifImage())],
    ["a truncated PNG", "UPLOAD_UNREADABLE", 422, async () => formWith(await truncatedPng())],
    ["a truncated JPEG", "UPLOAD_UNREADABLE", 422, async () => formWith(await truncatedJpeg(), "picture.jpg")],
    ["an empty file", "UPLOAD_MISSING", 400, () => formWith(emptyUpload())],
    ["a form without the file field", "UPLOAD_MISSING", 400, () => formWith(undefined, "", { prompt: "a cat" })],
    ["a file field sent as text", "INVALID_INPUT", 400, () => formWith(undefined, "", { file: "not a file" })],
  ];

  it.each(cases)("%s → %s (%i)", async (_, code, http, makeForm) => {
    const answer = await submit(victim, await makeForm());
    expect(answer.http).toBe(http);
    expect(answer.body.status).toBe(code);
    expect(answer.body.data).toBeNull();
    expect(await balanceOf(t, victim.userId)).toBe(5);
    expect(await taskRowsOf(victim.userId)).toHaveLength(0);
    expect(await storedUploads(t)).toEqual([]);
  });

  it("a JSON body instead of multipart → INVALID_INPUT (400)", async () => {
    const answer = await callApi(t, "POST", "/api/aitask/submitGenerate", {
      body: { file: "aGVsbG8=", prompt: "a cat" },
      session: victim,
    });
    expect(answer.http).toBe(400);
    expect(answer.body.status).toBe("INVALID_INPUT");
    expect(await balanceOf(t, victim.userId)).toBe(5);
    expect(await taskRowsOf(victim.userId)).toHaveLength(0);
  });

  it("a file over UPLOAD_MAX_BYTES → UPLOAD_TOO_LARGE (413), whether or not the form around it fits", async () => {
    const picture = await validJpeg();
    // 300 KB: over the file cap, under the cap on the whole form; 600 KB: over both.
    for (const size of [300 * 1024, 600 * 1024]) {
      const padded = Buffer.concat([picture, Buffer.alloc(size - picture.length)]);
      const answer = await submit(victim, formWith(padded, "picture.jpg"));
      expect(answer.http, String(size)).toBe(413);
      expect(answer.body.status, String(size)).toBe("UPLOAD_TOO_LARGE");
    }
    expect(await balanceOf(t, victim.userId)).toBe(5);
    expect(await taskRowsOf(victim.userId)).toHaveLength(0);
    expect(await storedUploads(t)).toEqual([]);
  });

  it("needs a session: a visitor gets AUTH_ERROR", async () => {
    const answer = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: formWith(await validJpeg(), "picture.jpg") });
    expect(answer.http).toBe(401);
    expect(answer.body.status).toBe("AUTH_ERROR");
  });

  it("and the server still answers /healthz after all of them", async () => {
    const response = await t.server.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("POST /api/aitask/submitGenerate with a valid picture", () => {
  it("a JPEG costs 2 points, is stored as a re-encoded PNG and becomes a 512×512 PNG sticker", async () => {
    const maker = await userWithPoints(t, "maker@example.com", 5);
    const jpeg = await validJpeg();
    const submitted = await submit(maker, formWith(jpeg, "holiday.jpg", { prompt: "my cat", visibility: "private" }));
    expect(submitted.http).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: TASK_STATUS.wait, cost: 2, point: 3 });
    const taskId = submitted.body.data.taskId as number;

    const done = await waitForTask(t, maker, taskId);
    expect(done).toMatchObject({
      status: TASK_STATUS.success,
      type: 2,
      cost: 2,
      prompt: "my cat",
      visibility: "private",
      errorCode: null,
    });
    expect(await balanceOf(t, maker.userId)).toBe(3);
    expect(await taskRowsOf(maker.userId)).toHaveLength(1);

    const input = await storedInputOf(taskId);
    expect(input.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(input.equals(jpeg)).toBe(false);
    expect(input.includes(JPEG_EXIF_ARTIST)).toBe(false);
    const inputMeta = await sharp(input).metadata();
    // Stored upright: the EXIF-rotated 300×200 JPEG is a 200×300 PNG.
    expect([inputMeta.format, inputMeta.width, inputMeta.height, inputMeta.exif]).toEqual(["png", 200, 300, undefined]);

    expect(done.stickers).toHaveLength(1);
    const sticker = done.stickers[0];
    expect(sticker).toMatchObject({ taskId, width: 512, height: 512 });
    // A private sticker: its owner's session loads the picture.
    const image = await t.server.request(sticker.imageUrl, { headers: { Cookie: `token=${maker.token}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 512]);
  });

  it("a PNG with HTML after IEND is accepted, and the stored input holds none of it", async () => {
    const user = await userWithPoints(t, "polyglot@example.com", 5);
    const polyglot = await pngPolyglot();
    expect(polyglot.includes(PNG_POLYGLOT_PAYLOAD)).toBe(true);
    const submitted = await submit(user, formWith(polyglot));
    expect(submitted.body.data).toMatchObject({ cost: 2, point: 3 });
    const done = await waitForTask(t, user, submitted.body.data.taskId);
    expect(done.status).toBe(TASK_STATUS.success);
    // No words came with the picture: the sticker is still named (cards and alt text need one).
    expect(done.stickers[0].name).toBe("Photo sticker");

    const input = await storedInputOf(submitted.body.data.taskId);
    expect(input.includes(PNG_POLYGLOT_PAYLOAD)).toBe(false);
    expect(input.includes("<script")).toBe(false);
    expect(input.includes("<html")).toBe(false);
    expect((await sharp(input).metadata()).format).toBe("png");
  });

  it("a JPEG with a ZIP appended is accepted, and the stored input holds none of the archive", async () => {
    const user = await userWithPoints(t, "zip@example.com", 5);
    const submitted = await submit(user, formWith(await jpegZipPolyglot(), "picture.jpg"));
    expect(submitted.body.data).toMatchObject({ cost: 2, point: 3 });
    const done = await waitForTask(t, user, submitted.body.data.taskId);
    expect(done.status).toBe(TASK_STATUS.success);

    const input = await storedInputOf(submitted.body.data.taskId);
    for (const trace of ["PK\x03\x04", "PK\x05\x06", ZIP_POLYGLOT_ENTRY, ZIP_POLYGLOT_PAYLOAD]) {
      expect(input.includes(Buffer.from(trace, "latin1")), trace).toBe(false);
    }
  });

  it("answers NOT_ENOUGH_POINTS (402) and writes no task when the balance is short", async () => {
    const poor = await userWithPoints(t, "poor@example.com", 1);
    const before = await storedUploads(t);
    // A picture no other test sent, so any stored file would be this refused upload's.
    const fresh = await sharp({ create: { width: 90, height: 70, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    const answer = await submit(poor, formWith(fresh, "picture.jpg"));
    expect(answer.http).toBe(402);
    expect(answer.body.status).toBe("NOT_ENOUGH_POINTS");
    expect(await balanceOf(t, poor.userId)).toBe(1);
    expect(await taskRowsOf(poor.userId)).toHaveLength(0);
    // Refused before the picture was stored: nothing left behind.
    expect(await storedUploads(t)).toEqual(before);
  });
});
