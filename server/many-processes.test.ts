/**
 * Two app instances on one PostgreSQL database behave as one site (decision 0020): a sign-in link
 * mailed by one opens on the other, a task submitted on one shows its progress on the other and is
 * run by a worker in either, limits are shared through Redis, and a public list cached in one never
 * shows a privatised or deleted sticker longer than PUBLIC_LIST_CACHE_SECONDS.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { latestLinkFor, openLink, setCookieOf } from "#tests/support/accounts.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { stickers } from "./db/schema.ts";
import { closeRateLimits } from "./rate-limit.ts";
import { sessionCookieName } from "./sessions/session-cookie.ts";
import { startTaskWorkers, type TaskWorkers } from "./tasks/task-worker.ts";

const REDIS_URL = process.env.TEST_REDIS_URL;
const CACHE_SECONDS = 1;
const MAILBOX_DAILY_LIMIT = 2;

const shared = {
  PUBLIC_LIST_CACHE_SECONDS: String(CACHE_SECONDS),
  ...(REDIS_URL ? { REDIS_URL } : {}),
  EMAIL_LINK_MAILBOX_DAILY_LIMIT: String(MAILBOX_DAILY_LIMIT),
  // Other tests share the in-process client key ("local") in Redis: only the mailbox cap is under test.
  EMAIL_LINK_CLIENT_LIMIT: "100000",
};

let one: TestApp;
let two: TestApp;
let workersOnTwo: TaskWorkers | null = null;

describeOnPostgres("two processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    one = await createGalleryTestApp(3, shared);
    // The second instance reads and writes the first one's database and file store.
    two = await createTestApp({ ...shared, DATABASE_URL: one.app.config.DATABASE_URL!, DATA_DIR: one.dataDir });
  });

  afterAll(async () => {
    await workersOnTwo?.stop();
    await closeTestApp(two);
    await closeTestApp(one);
    await closeRateLimits();
  });

  it("opens on one process a sign-in link mailed by the other, and the session works on both", async () => {
    const email = `cross-${randomUUID()}@example.com`;
    const sent = await callApi(one, "GET", "/api/getVerifyEmail", { params: { email, redirect: "/pricing" } });
    expect(sent.body).toEqual({ status: 200, data: { sent: true } });
    const opened = await openLink(two, await latestLinkFor(one, email));
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toMatch(/^\/pricing(\?|$)/);
    const token = setCookieOf(opened, sessionCookieName(two.app.config))?.value;
    expect(token).toBeTruthy();
    const session = { userId: 0, token: token!, signingKey: one.app.config.CLIENT_SIGNING_KEY };
    const onOne = await callApi(one, "GET", "/api/user/refreshUserInfo", { session });
    expect(onOne.body).toMatchObject({ status: 200, data: { email } });
  });

  it.runIf(REDIS_URL)("counts a mailbox's daily sign-in mails across both processes through Redis", async () => {
    const email = `capped-${randomUUID()}@example.com`;
    for (const app of [one, two, one, two]) {
      const sent = await callApi(app, "GET", "/api/getVerifyEmail", { params: { email } });
      expect(sent.body).toEqual({ status: 200, data: { sent: true } });
    }
    await one.app.mail.drain();
    await two.app.mail.drain();
    const mailed = [one, two].flatMap((app) => app.app.mail.mailbox?.recent().filter((mail) => mail.to === email) ?? []);
    expect(mailed).toHaveLength(MAILBOX_DAILY_LIMIT);
  });

  it("shows on one process the progress of a task submitted on the other and run by its worker", async () => {
    const alice = await userWithPoints(one, `tasks-${randomUUID()}@example.com`, 5);
    const submit = await callApi(one, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a robot watering plants" },
      session: alice,
    });
    expect(submit.http).toBe(200);
    const taskId = submit.body.data.taskId as number;
    const waiting = await callApi(two, "GET", "/api/v2/aitask/get", { params: { taskId: String(taskId) }, session: alice });
    expect(waiting.body.data).toMatchObject({ taskId, status: TASK_STATUS.wait });
    workersOnTwo = await startTaskWorkers(two.app);
    const done = await waitForTask(one, alice, taskId);
    expect(done).toMatchObject({ status: TASK_STATUS.success, progress: 100 });
    // The picture the second process stored is served by the first.
    const picture = await one.server.request(done.stickers[0].imageUrl);
    expect(picture.status).toBe(200);
  });

  it("never lists a privatised or deleted sticker longer than PUBLIC_LIST_CACHE_SECONDS after the change", async () => {
    const owner = await userWithPoints(one, `lists-${randomUUID()}@example.com`, 5);
    const made: string[] = [];
    await workersOnTwo?.stop();
    workersOnTwo = await startTaskWorkers(two.app);
    for (const prompt of ["a penguin on skis", "a lemon with sunglasses"]) {
      const submit = await callApi(one, "POST", "/api/aitask/submitGenerateText", { body: { prompt }, session: owner });
      const done = await waitForTask(one, owner, submit.body.data.taskId);
      made.push(done.stickers[0].stickerInstId as string);
    }
    const latest = async (t: TestApp) =>
      (
        await callApi(t, "GET", "/api/square/pageByTag", { params: { tagId: "1", sortBy: "id", page: "1", size: "20" } })
      ).body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId) as string[];
    // The second process caches a page that lists both.
    expect(await latest(two)).toEqual(expect.arrayContaining(made));
    const [privatised, deleted] = made as [string, string];
    const changed = Date.now();
    const answer = await callApi(one, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: privatised, visibility: "private" },
      session: owner,
    });
    expect(answer.body).toMatchObject({ status: 200, data: { visibility: "private" } });
    await one.app.database.db.delete(stickers).where(eq(stickers.stickerInstId, deleted));
    // Until the stated time has passed the cached page may still list them; from then on, never.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, changed + CACHE_SECONDS * 1000 - Date.now()) + 50));
    for (const t of [two, one]) {
      const listed = await latest(t);
      expect(listed).not.toContain(privatised);
      expect(listed).not.toContain(deleted);
    }
  });
});
