import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validJpeg } from "#tests/fixtures/hostile-uploads.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createGalleryTestApp(0);
});
afterAll(async () => {
  await closeTestApp(t);
});

async function photoForm(): Promise<FormData> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await validJpeg())], "photo.jpg", { type: "image/jpeg" }));
  return form;
}

describe("GET /api/aitask/recentImage finds the task an interrupted upload started (issue 18)", () => {
  it("answers the picture task started since the page began its upload, and null before any", async () => {
    const owner = await userWithPoints(t, "recent-owner@example.com", 10);
    const since = Date.now();
    const none = await callApi(t, "GET", "/api/aitask/recentImage", { params: { since: String(since) }, session: owner });
    expect(none.body).toMatchObject({ status: 200, data: { taskId: null } });

    const submitted = await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(), session: owner });
    expect(submitted.body.status).toBe(200);
    const found = await callApi(t, "GET", "/api/aitask/recentImage", { params: { since: String(since) }, session: owner });
    expect(found.body.data).toEqual({ taskId: submitted.body.data.taskId });
  });

  it("never answers another user's task, nor a text task, nor one older than the upload", async () => {
    const owner = await userWithPoints(t, "recent-a@example.com", 10);
    const other = await userWithPoints(t, "recent-b@example.com", 10);
    expect(
      (await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(), session: other })).body.status,
    ).toBe(200);
    const text = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "a cat" }, session: owner });
    expect(text.body.status).toBe(200);
    const since = String(Date.now());
    expect((await callApi(t, "GET", "/api/aitask/recentImage", { params: { since }, session: owner })).body.data).toEqual({
      taskId: null,
    });
    const later = String(Date.now() + 60_000);
    await callApi(t, "POST", "/api/aitask/submitGenerate", { form: await photoForm(), session: owner });
    expect((await callApi(t, "GET", "/api/aitask/recentImage", { params: { since: later }, session: owner })).body.data).toEqual({
      taskId: null,
    });
  });

  it("is for signed-in users only", async () => {
    const answer = await callApi(t, "GET", "/api/aitask/recentImage", { params: { since: "0" } });
    expect(answer.body.status).toBe("AUTH_ERROR");
  });
});
