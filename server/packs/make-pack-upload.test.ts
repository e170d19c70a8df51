/**
 * A pack made from a photo under its page's upload id (decision 0029): a repeated make answers the
 * pack the first one made without paying again, and GET /api/pack/byUpload finds it for its owner only.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MadePack } from "#common/packs.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { balanceOf, debitsOf, newUploadId, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { packs, tasks } from "../db/schema.ts";
import { changePoints } from "../points/change-points.ts";
import { checkPhotoPack, makeOncePerUpload, makePackFromImage } from "./make-pack.ts";

const IMAGE_COST = 3;
const TWO = "happy,sad";
const EIGHT = "happy,sad,love,laughing,angry,sleeping,surprised,thumbs_up";
let t: TestApp;

beforeAll(async () => {
  // No task workers and no starting grant: each test gives its users exactly the points it means, and
  // the tasks stay in flight, so the in-flight cap (3) is passed by any pack of more than 2 moods.
  t = await createGalleryTestApp(0, {
    STARTING_POINTS: "0",
    IMAGE_GENERATION_COST: String(IMAGE_COST),
    TASKS_IN_FLIGHT_LIMIT: "3",
  });
}, 60_000);
afterAll(async () => {
  await closeTestApp(t);
});

async function photoForm(fields: Record<string, string>, bytes?: Uint8Array<ArrayBuffer>): Promise<FormData> {
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#d2a679" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([bytes ?? new Uint8Array(png)], "me.png", { type: "image/png" }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

async function packsOf(userId: number): Promise<string[]> {
  const rows = await t.app.database.db.select({ packId: packs.packId }).from(packs).where(eq(packs.ownerId, userId));
  return rows.map((row) => row.packId);
}

async function tasksOf(userId: number): Promise<number[]> {
  const rows = await t.app.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, userId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe("GET /api/pack/byUpload finds the pack an interrupted photo upload made, by its upload id (decision 0029)", () => {
  it("answers null before the upload's pack exists and that pack once the make with the id was taken", async () => {
    const owner = await userWithPoints(t, "pack-up-owner@example.com", 2 * IMAGE_COST);
    const uploadId = newUploadId("pack-upload");
    const none = await callApi(t, "GET", "/api/pack/byUpload", { params: { uploadId }, session: owner });
    expect(none.body).toMatchObject({ status: 200, data: { packId: null } });

    const made = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: TWO, uploadId }),
      session: owner,
    });
    expect(made.body.status).toBe(200);
    const found = await callApi(t, "GET", "/api/pack/byUpload", { params: { uploadId }, session: owner });
    expect(found.body.data).toEqual({ packId: made.body.data.pack.packId });
  });

  it("finds it for its owner only: another user asking with the same id gets null, as for an unknown id", async () => {
    const owner = await userWithPoints(t, "pack-up-mine@example.com", 2 * IMAGE_COST);
    const other = await userWithPoints(t, "pack-up-other@example.com", 0);
    const uploadId = newUploadId("pack-upload");
    const made = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: TWO, uploadId }),
      session: owner,
    });
    expect(made.body.status).toBe(200);
    const theirs = await callApi(t, "GET", "/api/pack/byUpload", { params: { uploadId }, session: other });
    const unknown = await callApi(t, "GET", "/api/pack/byUpload", {
      params: { uploadId: newUploadId("pack-upload") },
      session: other,
    });
    expect(theirs.http).toBe(200);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.body.data).toEqual({ packId: null });
  });

  it("never answers another upload's pack: not a later one of the same user (another tab), nor another user's with the same id", async () => {
    const owner = await userWithPoints(t, "pack-up-a@example.com", 4 * IMAGE_COST);
    const other = await userWithPoints(t, "pack-up-b@example.com", 2 * IMAGE_COST);
    const mine = newUploadId("pack-upload");
    // Another user happens to send the same id, and the owner's other tab makes a pack (with its own id, and with none).
    for (const [session, fields] of [
      [other, { moods: TWO, uploadId: mine }],
      [owner, { moods: TWO, uploadId: newUploadId("pack-upload") }],
      [owner, { moods: TWO }],
    ] as const) {
      const made = await callApi(t, "POST", "/api/pack/makeFromImage", { form: await photoForm(fields), session });
      expect(made.body.status).toBe(200);
    }
    const asked = await callApi(t, "GET", "/api/pack/byUpload", { params: { uploadId: mine }, session: owner });
    expect(asked.body.data).toEqual({ packId: null });
  });

  it("refuses an upload id that is too short or not url-safe with INVALID_INPUT", async () => {
    const owner = await userWithPoints(t, "pack-up-bad@example.com", 0);
    for (const uploadId of ["short", "has spaces in it, sixteen+", "a/b/c/d/e/f/g/h/i/j"]) {
      const answer = await callApi(t, "GET", "/api/pack/byUpload", { params: { uploadId }, session: owner });
      expect(answer.http).toBe(400);
      expect(answer.body).toMatchObject({
        status: "INVALID_INPUT",
        data: null,
        msg: expect.any(String),
        msgKey: expect.any(String),
      });
    }
    const made = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: TWO, uploadId: "not/url/safe/at/all" }),
      session: owner,
    });
    expect(made.body.status).toBe("INVALID_INPUT");
  });

  it("is for signed-in users only: a visitor gets AUTH_ERROR", async () => {
    const answer = await callApi(t, "GET", "/api/pack/byUpload", { params: { uploadId: newUploadId("pack-upload") } });
    expect(answer.body.status).toBe("AUTH_ERROR");
  });
});

describe("POST /api/pack/makeFromImage with an upload id is idempotent (decision 0029)", () => {
  it("a repeated make with the same id answers the same pack and tasks and takes no second debit, even with the balance spent and the in-flight cap passed", async () => {
    const owner = await userWithPoints(t, "pack-repeat@example.com", 8 * IMAGE_COST);
    const uploadId = newUploadId("pack-upload");
    const first = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: EIGHT, uploadId }),
      session: owner,
    });
    expect(first.body.status).toBe(200);
    expect(first.body.data).toMatchObject({ cost: 8 * IMAGE_COST, point: 0 });
    expect(await balanceOf(t, owner.userId)).toBe(0);

    const again = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: EIGHT, uploadId }),
      session: owner,
    });
    expect(again.http).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(t, owner.userId)).toBe(0);
    expect(await debitsOf(t, owner.userId)).toBe(8);
    expect(await packsOf(owner.userId)).toEqual([first.body.data.pack.packId]);
    expect(await tasksOf(owner.userId)).toEqual(first.body.data.taskIds);
  });

  it("a repeat answers before the photo is read: a retry whose photo arrives broken still gets the pack", async () => {
    const owner = await userWithPoints(t, "pack-repeat-broken@example.com", 2 * IMAGE_COST);
    const uploadId = newUploadId("pack-upload");
    const first = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: TWO, uploadId }),
      session: owner,
    });
    expect(first.body.status).toBe(200);
    const again = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: TWO, uploadId }, new TextEncoder().encode("cut off half way")),
      session: owner,
    });
    expect(again.body).toMatchObject({ status: 200, data: { pack: { packId: first.body.data.pack.packId } } });
    expect(await debitsOf(t, owner.userId)).toBe(2);
  });

  it("a refused make leaves its id unused: NOT_ENOUGH_POINTS is not remembered, and the same id makes the pack once the points are there", async () => {
    const owner = await userWithPoints(t, "pack-repeat-poor@example.com", 2 * IMAGE_COST - 1);
    const uploadId = newUploadId("pack-upload");
    const refused = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: TWO, uploadId }),
      session: owner,
    });
    expect(refused.body.status).toBe("NOT_ENOUGH_POINTS");
    expect((await callApi(t, "GET", "/api/pack/byUpload", { params: { uploadId }, session: owner })).body.data).toEqual({
      packId: null,
    });
    expect(await packsOf(owner.userId)).toEqual([]);

    await changePoints(t.app.database.db, {
      userId: owner.userId,
      delta: 1,
      reason: "test",
      idempotencyKey: `top-up:${uploadId}`,
    });
    const made = await callApi(t, "POST", "/api/pack/makeFromImage", {
      form: await photoForm({ moods: TWO, uploadId }),
      session: owner,
    });
    expect(made.body).toMatchObject({ status: 200, data: { cost: 2 * IMAGE_COST, point: 0 } });
    expect(await debitsOf(t, owner.userId)).toBe(2);
  });

  it("a make from a prompt is untouched: two makes of the same words are two packs", async () => {
    const owner = await userWithPoints(t, "pack-words-twice@example.com", 20);
    for (let i = 0; i < 2; i += 1) {
      const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
        body: { prompt: "a cat", moods: ["happy", "sad"] },
        session: owner,
      });
      expect(made.body.status).toBe(200);
    }
    expect(await packsOf(owner.userId)).toHaveLength(2);
  });
});

describe("a make that races the first make of the same upload (decision 0029)", () => {
  async function photoPng(): Promise<Buffer> {
    return sharp({ create: { width: 96, height: 96, channels: 3, background: "#a0c4d8" } })
      .png()
      .toBuffer();
  }
  const fields = (uploadId: string) => ({
    prompt: "",
    moods: ["happy", "sad"],
    visibility: "private" as const,
    locale: "en",
    uploadId,
  });

  it("that got past the first look while the first was still being made answers the first's pack under the user's row lock, unpaid", async () => {
    const owner = await userWithPoints(t, "pack-race-lock@example.com", 4 * IMAGE_COST);
    const uploadId = newUploadId("pack-upload");
    const png = await photoPng();
    const first = await makePackFromImage(t.app, owner.userId, { ...fields(uploadId), png });
    const second = await makePackFromImage(t.app, owner.userId, { ...fields(uploadId), png });
    expect(second).toEqual({ ...first, point: 2 * IMAGE_COST });
    expect(await debitsOf(t, owner.userId)).toBe(2);
    expect(await balanceOf(t, owner.userId)).toBe(2 * IMAGE_COST);
    expect(await packsOf(owner.userId)).toEqual([first.pack.packId]);
  });

  it("that is refused because the first took the points in between answers the first's pack instead of NOT_ENOUGH_POINTS", async () => {
    const owner = await userWithPoints(t, "pack-race-refused@example.com", 2 * IMAGE_COST);
    const uploadId = newUploadId("pack-upload");
    const png = await photoPng();
    let first: MadePack | undefined;
    const answer = await makeOncePerUpload(t.app, owner.userId, uploadId, async () => {
      // The first make commits after this one's look found nothing, and before its price check.
      first = await makePackFromImage(t.app, owner.userId, { ...fields(uploadId), png });
      await checkPhotoPack(t.app, owner.userId, fields(uploadId));
      throw new Error("the price check should have refused");
    });
    expect(answer.pack.packId).toBe(first?.pack.packId);
    expect(answer.taskIds).toEqual(first?.taskIds);
    expect(await debitsOf(t, owner.userId)).toBe(2);
  });

  it("that is refused for a reason of its own, with nothing of its upload made, is still refused", async () => {
    const owner = await userWithPoints(t, "pack-race-own-refusal@example.com", 0);
    const uploadId = newUploadId("pack-upload");
    const refused = makeOncePerUpload(t.app, owner.userId, uploadId, async () => {
      await checkPhotoPack(t.app, owner.userId, fields(uploadId));
      throw new Error("the price check should have refused");
    });
    await expect(refused).rejects.toMatchObject({ code: "NOT_ENOUGH_POINTS" });
    expect(await packsOf(owner.userId)).toEqual([]);
  });
});

describeOnPostgres("one photo pack's upload id made concurrently", () => {
  it("six parallel makes with one upload id make one pack, one debit per mood, and all answer that pack", async () => {
    // The balance pays for exactly one pack of 8, whose tasks pass the in-flight cap: a second make
    // that got past the first look would be refused on either, unless it answers the first's pack.
    const owner = await userWithPoints(t, "pack-race-upload@example.com", 8 * IMAGE_COST);
    const uploadId = newUploadId("pack-upload");
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        callApi(t, "POST", "/api/pack/makeFromImage", { form: await photoForm({ moods: EIGHT, uploadId }), session: owner }),
      ),
    );
    expect(answers.map((answer) => answer.body.status)).toEqual(Array(6).fill(200));
    const packIds = new Set(answers.map((answer) => answer.body.data.pack.packId));
    expect(packIds.size).toBe(1);
    expect(await packsOf(owner.userId)).toEqual([...packIds]);
    const taskIds = await tasksOf(owner.userId);
    expect(taskIds).toHaveLength(8);
    for (const answer of answers) expect(answer.body.data.taskIds).toEqual(taskIds);
    expect(await debitsOf(t, owner.userId)).toBe(8);
    expect(await balanceOf(t, owner.userId)).toBe(0);
  });
});
