import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validJpeg } from "#tests/fixtures/hostile-uploads.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { balanceOf, debitsOf, newUploadId, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { tasks } from "../db/schema.ts";
import { checkAffordable, submitOncePerUpload } from "./submit-task.ts";

let t: TestApp;

beforeAll(async () => {
  // No starting grant: each test gives its users exactly the points it means.
  t = await createGalleryTestApp(0, { STARTING_POINTS: "0" });
});
afterAll(async () => {
  await closeTestApp(t);
});

async function photoForm(uploadId?: string): Promise<FormData> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await validJpeg())], "photo.jpg", { type: "image/jpeg" }));
  if (uploadId !== undefined) form.append("uploadId", uploadId);
  return form;
}

describe("GET /api/aitask/recentImage finds the task an interrupted upload started, by its upload id (decision 0029)", () => {
  it("answers null before the upload's task exists and that task once the submit with the id was taken", async () => {
    const owner = await userWithPoints(t, "recent-owner@example.com", 10);
    const uploadId = newUploadId();
    const none = await callApi(t, "GET", "/api/aitask/recentImage", { params: { uploadId }, session: owner });
    expect(none.body).toMatchObject({ status: 200, data: { taskId: null } });

    const submitted = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(uploadId), session: owner });
    expect(submitted.body.status).toBe(200);
    const found = await callApi(t, "GET", "/api/aitask/recentImage", { params: { uploadId }, session: owner });
    expect(found.body.data).toEqual({ taskId: submitted.body.data.taskId });
  });

  it("never answers another upload's task: not a newer one of the same user (another tab), nor another user's with the same id", async () => {
    const owner = await userWithPoints(t, "recent-a@example.com", 10);
    const other = await userWithPoints(t, "recent-b@example.com", 10);
    const mine = newUploadId();
    // Another user happens to send the same id, and the owner's other tab uploads after this one began.
    expect(
      (await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(mine), session: other })).body.status,
    ).toBe(200);
    expect(
      (await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(newUploadId()), session: owner })).body
        .status,
    ).toBe(200);
    expect(
      (await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(), session: owner })).body.status,
    ).toBe(200);
    expect(
      (await callApi(t, "GET", "/api/aitask/recentImage", { params: { uploadId: mine }, session: owner })).body.data,
    ).toEqual({
      taskId: null,
    });
  });

  it("refuses an upload id that is too short or not url-safe", async () => {
    const owner = await userWithPoints(t, "recent-bad@example.com", 10);
    for (const uploadId of ["short", "has spaces in it, sixteen+", "a/b/c/d/e/f/g/h/i/j"]) {
      const answer = await callApi(t, "GET", "/api/aitask/recentImage", { params: { uploadId }, session: owner });
      expect(answer.body.status).not.toBe(200);
    }
  });

  it("is for signed-in users only", async () => {
    const answer = await callApi(t, "GET", "/api/aitask/recentImage", { params: { uploadId: newUploadId() } });
    expect(answer.body.status).toBe("AUTH_ERROR");
  });
});

describe("POST /api/aitask/submitGenerate with an upload id is idempotent (decision 0029)", () => {
  it("a repeated submit with the same id answers the first task and takes no second debit, even with the balance spent", async () => {
    const cost = t.app.config.IMAGE_GENERATION_COST;
    const owner = await userWithPoints(t, "repeat@example.com", cost);
    const uploadId = newUploadId();
    const first = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(uploadId), session: owner });
    expect(first.body.status).toBe(200);
    expect(await balanceOf(t, owner.userId)).toBe(0);
    const again = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(uploadId), session: owner });
    expect(again.body).toMatchObject({ status: 200, data: { taskId: first.body.data.taskId, cost, point: 0 } });
    expect(await balanceOf(t, owner.userId)).toBe(0);
    expect(await debitsOf(t, owner.userId)).toBe(1);
    const rows = await t.app.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, owner.userId));
    expect(rows).toHaveLength(1);
  });

  it("a new id after a refused one still pays normally (NOT_ENOUGH_POINTS is not remembered)", async () => {
    const owner = await userWithPoints(t, "repeat-poor@example.com", 0);
    const uploadId = newUploadId();
    const refused = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(uploadId), session: owner });
    expect(refused.body.status).toBe("NOT_ENOUGH_POINTS");
    expect((await callApi(t, "GET", "/api/aitask/recentImage", { params: { uploadId }, session: owner })).body.data).toEqual({
      taskId: null,
    });
  });
});

describe("a submit whose first try committed while it was being checked", () => {
  it("that is refused because the first took the points in between answers the first's task instead of NOT_ENOUGH_POINTS", async () => {
    const cost = t.app.config.IMAGE_GENERATION_COST;
    const owner = await userWithPoints(t, "upload-race-refused@example.com", cost);
    const uploadId = newUploadId();
    let firstTaskId: number | undefined;
    const answer = await submitOncePerUpload(t.app, owner.userId, uploadId, async () => {
      // The first submit commits after this one's look found nothing, and before its price check.
      const first = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(uploadId), session: owner });
      firstTaskId = first.body.data.taskId;
      await checkAffordable(t.app, owner.userId, cost);
      throw new Error("the price check should have refused");
    });
    expect(answer).toMatchObject({ taskId: firstTaskId, point: 0 });
    expect(await debitsOf(t, owner.userId)).toBe(1);
  });

  it("that is refused for a reason of its own, with nothing of its upload started, is still refused", async () => {
    const owner = await userWithPoints(t, "upload-race-own-refusal@example.com", 0);
    const refused = submitOncePerUpload(t.app, owner.userId, newUploadId(), async () => {
      await checkAffordable(t.app, owner.userId, t.app.config.IMAGE_GENERATION_COST);
      throw new Error("the price check should have refused");
    });
    await expect(refused).rejects.toMatchObject({ code: "NOT_ENOUGH_POINTS" });
  });
});

describeOnPostgres("one upload id submitted concurrently", () => {
  it("six parallel submits with one upload id make one task and one debit, and all answer that task", async () => {
    const cost = t.app.config.IMAGE_GENERATION_COST;
    const owner = await userWithPoints(t, "race-upload@example.com", cost * 10);
    const uploadId = newUploadId();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(uploadId), session: owner }),
      ),
    );
    const taskIds = new Set(answers.map((answer) => answer.body.data?.taskId));
    expect(answers.map((answer) => answer.body.status)).toEqual(Array(6).fill(200));
    expect(taskIds.size).toBe(1);
    const rows = await t.app.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, owner.userId));
    expect(rows.map((row) => row.id)).toEqual([...taskIds]);
    expect(await debitsOf(t, owner.userId)).toBe(1);
    expect(await balanceOf(t, owner.userId)).toBe(cost * 9);
  });
});
