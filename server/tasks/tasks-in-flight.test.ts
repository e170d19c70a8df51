/**
 * At most TASKS_IN_FLIGHT_LIMIT of a user's tasks wait or run at once (decision 0015): the next
 * submit answers TOO_MANY_TASKS and takes nothing. No workers run here, so submitted tasks stay
 * waiting until a test finishes them.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { validJpeg } from "#tests/fixtures/hostile-uploads.ts";
import { engineName } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, storedUploads, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pointsLedger, tasks, users } from "../db/schema.ts";
import { failTask } from "./run-task.ts";

let t: TestApp;

beforeAll(async () => {
  // TASKS_IN_FLIGHT_LIMIT is left at its default (3).
  t = await createGalleryTestApp(0, { TEXT_GENERATION_COST: "1", IMAGE_GENERATION_COST: "2" });
});

afterAll(async () => {
  await closeTestApp(t);
});

const submitText = (session: TestSession, prompt: string, language = "en-US") =>
  callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt }, session, language });

async function tasksOf(userId: number) {
  return t.app.database.db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(tasks.id);
}

async function debitsOf(userId: number) {
  const [row] = await t.app.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, "generate")));
  return row?.n ?? -1;
}

describe("tasks in flight per user", () => {
  it("accepts 3 waiting tasks, then answers TOO_MANY_TASKS (429) naming the limit in the caller's language, taking no points", async () => {
    const ann = await userWithPoints(t, "ann@example.com", 10);
    for (const prompt of ["a cat", "a dog", "a fox"]) expect((await submitText(ann, prompt)).body.status).toBe(200);
    const balance = await balanceOf(t, ann.userId);

    const refused = await submitText(ann, "a bird", "de");
    expect(refused.http).toBe(429);
    expect(refused.body).toMatchObject({ status: "TOO_MANY_TASKS", data: null, msgKey: "errors.tooManyTasks" });
    const msg = (refused.body as unknown as { msg: string }).msg;
    expect(msg).toBe(translate("de", "errors.tooManyTasks").replace("{{limit}}", "3"));
    expect(msg).toContain("3");
    expect(msg).not.toContain("{{");

    expect(await balanceOf(t, ann.userId)).toBe(balance);
    expect(await tasksOf(ann.userId)).toHaveLength(3);
    expect(await debitsOf(ann.userId)).toBe(3);
  });

  it("counts running tasks as in flight, and gives the place back when a task fails or succeeds", async () => {
    const ben = await userWithPoints(t, "ben@example.com", 10);
    for (const prompt of ["one", "two", "three"]) expect((await submitText(ben, prompt)).body.status).toBe(200);
    const [first, second] = await tasksOf(ben.userId);
    await t.app.database.db.update(tasks).set({ status: TASK_STATUS.exeing }).where(eq(tasks.id, first!.id));
    expect((await submitText(ben, "four")).body.status).toBe("TOO_MANY_TASKS");

    await failTask(t.app, first!.id, "GENERATION_FAILED");
    expect((await submitText(ben, "four")).body.status).toBe(200);
    expect((await submitText(ben, "five")).body.status).toBe("TOO_MANY_TASKS");

    await t.app.database.db.update(tasks).set({ status: TASK_STATUS.success }).where(eq(tasks.id, second!.id));
    expect((await submitText(ben, "five")).body.status).toBe(200);
    expect((await tasksOf(ben.userId)).filter((row) => row.status <= TASK_STATUS.exeing)).toHaveLength(3);
  });

  it("refuses a picture at the limit before it is stored or paid for", async () => {
    const cat = await userWithPoints(t, "cat@example.com", 10);
    for (const prompt of ["a", "b", "c"]) expect((await submitText(cat, prompt)).body.status).toBe(200);
    const balance = await balanceOf(t, cat.userId);
    const uploads = await storedUploads(t);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await validJpeg(320, 240))], "me.jpg", { type: "image/jpeg" }));
    const refused = await callApi(t, "POST", "/api/aitask/submitGenerate", { form, session: cat });
    expect([refused.http, refused.body.status]).toEqual([429, "TOO_MANY_TASKS"]);
    expect(await balanceOf(t, cat.userId)).toBe(balance);
    expect(await storedUploads(t)).toEqual(uploads);
    expect(await tasksOf(cat.userId)).toHaveLength(3);
  });

  it("caps members too, and one user at the limit does not hold back another", async () => {
    const dee = await userWithPoints(t, "dee@example.com", 0);
    await t.app.database.db.update(users).set({ subscribePlan: "price_annual" }).where(eq(users.id, dee.userId));
    for (const prompt of ["a", "b", "c"]) expect((await submitText(dee, prompt)).body.status).toBe(200);
    expect((await submitText(dee, "d")).body.status).toBe("TOO_MANY_TASKS");
    const eve = await userWithPoints(t, "eve@example.com", 5);
    expect((await submitText(eve, "e")).body.status).toBe(200);
  });

  it(`lets exactly 3 of 10 simultaneous submits in, with exactly 3 debits (${engineName})`, async () => {
    const fay = await userWithPoints(t, "fay@example.com", 20);
    const before = await balanceOf(t, fay.userId);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submitText(fay, `sticker ${i}`)));
    const statuses = answers.map((answer) => answer.body.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === "TOO_MANY_TASKS")).toHaveLength(7);
    expect(await tasksOf(fay.userId)).toHaveLength(3);
    expect(await debitsOf(fay.userId)).toBe(3);
    expect(await balanceOf(t, fay.userId)).toBe(before - 3);
  });
});
