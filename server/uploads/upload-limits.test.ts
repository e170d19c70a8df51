/**
 * What an upload costs before it is let in (decision 0015): its body is read only after the session
 * and the signature's headers pass, the signature is verified before any decoding, and decoding waits
 * for a place in the bounded pool or answers BUSY, without taking points.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { API_VERSION, SIGNATURE_HEADERS } from "#common/signature.ts";
import { validJpeg } from "#tests/fixtures/hostile-uploads.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, storedUploads, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { tasks } from "../db/schema.ts";
import { changePoints } from "../points/change-points.ts";
import { decodePoolOf } from "./decode-pool.ts";

const UPLOAD_PATH = "/api/aitask/submitGenerate";
const UPLOAD_MAX_BYTES = 200_000;

let t: TestApp;

beforeAll(async () => {
  t = await createGalleryTestApp(0, {
    UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    UPLOAD_DECODE_CONCURRENCY: "1",
    UPLOAD_DECODE_QUEUE: "0",
    IMAGE_GENERATION_COST: "2",
  });
});

afterAll(async () => {
  await closeTestApp(t);
});

// Sessions travel in the Authorization header here (the page's cookie works the same way).

/**
 * A multipart body that never ends (no Content-Length): it hands out 64 KB chunks only when the
 * server pulls, and counts the pulls. A server that reads it either hangs or hits the size cap.
 */
function endlessUpload() {
  const boundary = "----endless";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const filler = new Uint8Array(64 * 1024).fill(0x61);
  const counter = { pulls: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(counter.pulls === 0 ? head : filler);
        counter.pulls += 1;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, counter, contentType: `multipart/form-data; boundary=${boundary}` };
}

function endlessUploadRequest(headers: Record<string, string>) {
  const upload = endlessUpload();
  const request = new Request(`http://localhost${UPLOAD_PATH}`, {
    method: "POST",
    headers: { "Content-Type": upload.contentType, "Accept-Language": "en-US", ...headers },
    body: upload.body,
    duplex: "half",
  } as RequestInit);
  return { request, counter: upload.counter };
}

function signatureHeaders(timestamp = Date.now()) {
  return {
    [SIGNATURE_HEADERS.version]: API_VERSION,
    [SIGNATURE_HEADERS.timestamp]: String(timestamp),
    [SIGNATURE_HEADERS.client]: "test/1",
    [SIGNATURE_HEADERS.signature]: "0".repeat(64),
  };
}

async function send(request: Request) {
  const response = await t.server.request(request);
  return { http: response.status, headers: response.headers, body: (await response.json()) as { status: string; msg: string } };
}

function photoForm(photo: Buffer): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(photo)], "photo.jpg", { type: "image/jpeg" }));
  form.append("prompt", "my dog");
  return form;
}

async function taskCountOf(userId: number) {
  return (await t.app.database.db.select().from(tasks).where(eq(tasks.userId, userId))).length;
}

describe("an upload's body is read only after the caller's checks pass", () => {
  let user: TestSession;
  beforeAll(async () => {
    user = await userWithPoints(t, "reader@example.com", 10);
  });

  it("refuses a visitor with AUTH_ERROR without pulling a byte of the body", async () => {
    const { request, counter } = endlessUploadRequest(signatureHeaders());
    const { http, body } = await send(request);
    expect([http, body.status]).toEqual([401, "AUTH_ERROR"]);
    expect(counter.pulls).toBe(0);
  });

  it("refuses a dead session's upload with AUTH_ERROR without pulling a byte of the body", async () => {
    const { request, counter } = endlessUploadRequest({ ...signatureHeaders(), Authorization: "not-a-live-session" });
    const { http, body } = await send(request);
    expect([http, body.status]).toEqual([401, "AUTH_ERROR"]);
    expect(counter.pulls).toBe(0);
  });

  it("refuses missing, stale and wrong-version signature headers of a signed-in user without pulling the body", async () => {
    const session = { Authorization: user.token };
    const stale = Date.now() - (t.app.config.SIGNATURE_MAX_SKEW_SECONDS + 60) * 1000;
    const cases: [Record<string, string>, string][] = [
      [session, "SIGNATURE_MISSING"],
      [{ ...session, ...signatureHeaders(stale) }, "SIGNATURE_STALE"],
      [{ ...session, ...signatureHeaders(), [SIGNATURE_HEADERS.version]: "1" }, "UNSUPPORTED_VERSION"],
    ];
    for (const [headers, code] of cases) {
      const { request, counter } = endlessUploadRequest(headers);
      const { body } = await send(request);
      expect(body.status, code).toBe(code);
      expect(counter.pulls, code).toBe(0);
    }
  });

  it("reads the body of a signed-in user with fresh signature headers (and caps it: UPLOAD_TOO_LARGE)", async () => {
    const { request, counter } = endlessUploadRequest({ ...signatureHeaders(), Authorization: user.token });
    const { http, body } = await send(request);
    expect([http, body.status]).toEqual([413, "UPLOAD_TOO_LARGE"]);
    // The server read up to the cap (file cap + form overhead), then stopped.
    expect(counter.pulls).toBeGreaterThan(UPLOAD_MAX_BYTES / (64 * 1024));
    expect(counter.pulls).toBeLessThan((UPLOAD_MAX_BYTES + 256 * 1024) / (64 * 1024) + 3);
  });

  it("verifies the signature before decoding: a wrong signature is SIGNATURE_INVALID even when the pool is full", async () => {
    const pool = decodePoolOf(t.app);
    let release: () => void = () => undefined;
    const held = pool.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const request = await signedRequest("POST", UPLOAD_PATH, {
        key: "not-the-session-key",
        form: photoForm(await validJpeg()),
        headers: { Authorization: user.token },
      });
      const { http, body } = await send(request);
      expect([http, body.status]).toEqual([401, "SIGNATURE_INVALID"]);
    } finally {
      release();
      await held;
    }
  });
});

describe("the decode pool seen through the upload call", () => {
  it("refuses a submit it would refuse anyway before decoding: NOT_ENOUGH_POINTS, not BUSY, with the pool full", async () => {
    const poor = await userWithPoints(t, "poor@example.com", 0);
    // One point left; a picture costs two.
    const balance = await balanceOf(t, poor.userId);
    await changePoints(t.app.database.db, {
      userId: poor.userId,
      delta: 1 - balance,
      reason: "test",
      idempotencyKey: "spend:poor",
    });
    const pool = decodePoolOf(t.app);
    let release: () => void = () => undefined;
    const held = pool.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const refused = await callApi(t, "POST", UPLOAD_PATH, { form: photoForm(await validJpeg()), session: poor });
      expect([refused.http, refused.body.status]).toEqual([402, "NOT_ENOUGH_POINTS"]);
      expect(await taskCountOf(poor.userId)).toBe(0);
    } finally {
      release();
      await held;
    }
  });

  it("answers BUSY (503, Retry-After, translated) while every slot is taken, takes no points, stores nothing, and accepts once free", async () => {
    const erin = await userWithPoints(t, "busy@example.com", 10);
    const before = await balanceOf(t, erin.userId);
    const uploadsBefore = await storedUploads(t);
    const photo = await validJpeg();
    const pool = decodePoolOf(t.app);
    let release: () => void = () => undefined;
    const held = pool.run(() => new Promise<void>((resolve) => (release = resolve)));

    const busy = await t.server.request(
      await signedRequest("POST", UPLOAD_PATH, {
        key: erin.signingKey,
        form: photoForm(photo),
        headers: { Authorization: erin.token, "Accept-Language": "ja" },
      }),
    );
    const envelope = (await busy.json()) as { status: string; data: null; msg: string; msgKey: string };
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(envelope).toEqual({ status: "BUSY", data: null, msg: translate("ja", "errors.busy"), msgKey: "errors.busy" });
    expect(envelope.msg).not.toBe(translate("en", "errors.busy"));
    expect(await balanceOf(t, erin.userId)).toBe(before);
    expect(await taskCountOf(erin.userId)).toBe(0);
    expect(await storedUploads(t)).toEqual(uploadsBefore);

    release();
    await held;
    const accepted = await callApi(t, "POST", UPLOAD_PATH, { form: photoForm(photo), session: erin });
    expect(accepted.body.status).toBe(200);
    expect(await balanceOf(t, erin.userId)).toBe(before - 2);
    expect(await taskCountOf(erin.userId)).toBe(1);
  });
});
