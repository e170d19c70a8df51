import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pointsLedger, stickers, tasks, users } from "../db/schema.ts";
import type { GenerationProvider } from "../generation/index.ts";
import { changePoints } from "../points/change-points.ts";
import { failTask, runTaskAttempt } from "./run-task.ts";
import { startTaskWorkers, type TaskWorkers } from "./task-worker.ts";

let t: TestApp;
let workers: TaskWorkers;

beforeAll(async () => {
  t = await createGalleryTestApp(0, {
    MEMBER_DAILY_LIMIT: "3",
    TEXT_GENERATION_COST: "1",
    IMAGE_GENERATION_COST: "2",
    // The points race below needs 50 tasks in flight at once; the cap has its own tests (tasks-in-flight.test.ts).
    TASKS_IN_FLIGHT_LIMIT: "100",
  });
  workers = await startTaskWorkers(t.app);
});

afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
});

describe("creating a sticker from text", () => {
  it("debits the cost, runs through the queue and makes the viewer's public sticker", async () => {
    const alice = await userWithPoints(t, "alice@example.com", 10);
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "  a happy cat with a balloon  " },
      session: alice,
    });
    expect(submit.http).toBe(200);
    expect(submit.body.data).toMatchObject({ status: TASK_STATUS.wait, cost: 1, point: 9 });
    const done = await waitForTask(t, alice, submit.body.data.taskId);
    expect(done).toMatchObject({
      status: TASK_STATUS.success,
      progress: 100,
      prompt: "a happy cat with a balloon",
      errorCode: null,
    });
    expect(done.stickers).toHaveLength(1);
    const item = done.stickers[0];
    expect(item.tags).toEqual([{ id: 1 }]);
    const png = await t.server.request(item.imageUrl);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(await balanceOf(t, alice.userId)).toBe(9);

    const [sticker] = await t.app.database.db.select().from(stickers).where(eq(stickers.stickerInstId, item.stickerInstId));
    expect(sticker).toMatchObject({ ownerId: alice.userId, visibility: "public", taskId: submit.body.data.taskId });
    // Public: it is first in latest.
    const latest = await callApi(t, "GET", "/api/square/pageByTag", {
      params: { tagId: "1", sortBy: "id", page: "1", size: "24" },
    });
    expect(latest.body.data.list[0].stickerInstId).toBe(item.stickerInstId);
  });

  it("tags a made sticker with its subjects, so search in another language finds it (decision 0030)", async () => {
    const bob = await userWithPoints(t, "bob-subjects@example.com", 10);
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a fox with a scarf" },
      session: bob,
    });
    const done = await waitForTask(t, bob, submit.body.data.taskId);
    const instId = done.stickers[0].stickerInstId;
    const [sticker] = await t.app.database.db.select().from(stickers).where(eq(stickers.stickerInstId, instId));
    expect(sticker?.subjectsTagged).toBe(true);
    const tagged = await t.app.database.db.execute(
      sql`select t.slug from sticker_tags st join tags t on t.id = st.tag_id where st.sticker_id = ${sticker?.id} and t.kind = 'subject'`,
    );
    expect(tagged.rows.map((row) => (row as { slug: string }).slug)).toContain("fox");
    const found = await callApi(t, "GET", "/api/search", { params: { q: "狐狸" } });
    expect(found.body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId)).toContain(instId);
  });

  it("keeps a private sticker out of the public lists", async () => {
    const bob = await userWithPoints(t, "bob@example.com", 5);
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "secret dragon", visibility: "private" },
      session: bob,
    });
    const done = await waitForTask(t, bob, submit.body.data.taskId);
    expect(done.visibility).toBe("private");
    const id = done.stickers[0].stickerInstId;
    const latest = await callApi(t, "GET", "/api/square/pageByTag", {
      params: { tagId: "1", sortBy: "id", page: "1", size: "24" },
    });
    expect(latest.body.data.list.map((s: { stickerInstId: string }) => s.stickerInstId)).not.toContain(id);
    const asVisitor = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId: id } });
    expect(asVisitor.body.status).toBe("NOT_FOUND");
  });

  it("refuses bad prompts before any cost, with a translated message", async () => {
    const carol = await userWithPoints(t, "carol@example.com", 3);
    const cases: [unknown, string][] = [
      ["   ", "PROMPT_EMPTY"],
      ["x".repeat(301), "PROMPT_TOO_LONG"],
      ["a naked person", "PROMPT_BLOCKED"],
      ["色情 图片", "PROMPT_BLOCKED"],
    ];
    for (const [prompt, code] of cases) {
      const { http, body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
        body: { prompt },
        session: carol,
        language: "de",
      });
      expect(http).toBe(400);
      expect(body.status).toBe(code);
      expect(body.msgKey).toMatch(/^errors\./);
    }
    // 300 characters after trimming is fine.
    const ok = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: ` ${"y".repeat(300)} ` },
      session: carol,
    });
    expect(ok.body.status).toBe(200);
    const unknownStyle = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "cat", styleId: 99999 },
      session: carol,
    });
    expect(unknownStyle.body.status).toBe("STYLE_NOT_FOUND");
    expect(await balanceOf(t, carol.userId)).toBe(2);
  });

  it("answers NOT_ENOUGH_POINTS (402) and writes no task when the balance is short", async () => {
    const dan = await userWithPoints(t, "dan@example.com", 0);
    const { http, body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a dog" },
      session: dan,
    });
    expect(http).toBe(402);
    expect(body.status).toBe("NOT_ENOUGH_POINTS");
    const rows = await t.app.database.db.select().from(tasks).where(eq(tasks.userId, dan.userId));
    expect(rows).toHaveLength(0);
  });

  it("needs a session, and hides other users' tasks", async () => {
    const visitor = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "a dog" } });
    expect(visitor.body.status).toBe("AUTH_ERROR");
    const erin = await userWithPoints(t, "erin@example.com", 2);
    const frank = await userWithPoints(t, "frank@example.com", 0);
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "a fox" }, session: erin });
    const peek = await callApi(t, "GET", "/api/v2/aitask/get", {
      params: { taskId: String(submit.body.data.taskId) },
      session: frank,
    });
    expect(peek.http).toBe(404);
    expect(peek.body.status).toBe("TASK_NOT_FOUND");
    await waitForTask(t, erin, submit.body.data.taskId);
  });
});

describe("members", () => {
  it("pay nothing and stop at the daily limit", async () => {
    const gina = await userWithPoints(t, "gina@example.com", 0);
    await t.app.database.db.update(users).set({ subscribePlan: "price_annual" }).where(eq(users.id, gina.userId));
    const before = await callApi(t, "GET", "/api/aitask/todayGenDetail", { session: gina });
    expect(before.body.data).toEqual({
      member: true,
      todayCount: 0,
      limit: 3,
      remaining: 3,
      textCost: 0,
      imageCost: 0,
      point: 0,
    });
    for (let i = 0; i < 3; i += 1) {
      const ok = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: `star ${i}` }, session: gina });
      expect(ok.body.data).toMatchObject({ cost: 0, point: 0 });
    }
    const over = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "one more" }, session: gina });
    expect(over.http).toBe(429);
    expect(over.body.status).toBe("DAILY_LIMIT_REACHED");
    const after = await callApi(t, "GET", "/api/aitask/todayGenDetail", { session: gina });
    expect(after.body.data).toMatchObject({ todayCount: 3, remaining: 0 });
  });

  it("free users see their costs and what their balance pays for", async () => {
    const hal = await userWithPoints(t, "hal@example.com", 7);
    const detail = await callApi(t, "GET", "/api/aitask/todayGenDetail", { session: hal });
    expect(detail.body.data).toEqual({
      member: false,
      todayCount: 0,
      limit: null,
      remaining: 7,
      textCost: 1,
      imageCost: 2,
      point: 7,
    });
  });
});

describe("points stay right under concurrency", () => {
  it("200 parallel submits against a balance of 50 accept exactly 50", async () => {
    const ivy = await userWithPoints(t, "ivy@example.com", 50);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: `parallel ${i}` }, session: ivy }),
      ),
    );
    const accepted = results.filter((r) => r.body.status === 200);
    const refused = results.filter((r) => r.body.status === "NOT_ENOUGH_POINTS");
    expect(accepted).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(await balanceOf(t, ivy.userId)).toBe(0);
    const [ledger] = await t.app.database.db
      .select({ sum: sql<number>`sum(${pointsLedger.delta})::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, ivy.userId));
    expect(ledger?.sum).toBe(0);
    const rows = await t.app.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, ivy.userId));
    expect(rows).toHaveLength(50);
  }, 120_000);
});

describe("failures", () => {
  const failing = (retryable: boolean): GenerationProvider => ({
    name: "failing",
    textToSticker: () => Promise.reject(new AppError("PROVIDER_UNAVAILABLE", "provider down", { retryable })),
    imageToSticker: () => Promise.reject(new AppError("PROVIDER_UNAVAILABLE", "provider down", { retryable })),
  });

  async function waitingTask(email: string) {
    const user = await userWithPoints(t, email, 1);
    const [task] = await t.app.database.db
      .insert(tasks)
      .values({ userId: user.userId, type: 1, prompt: "a cloud", cost: 1 })
      .returning({ id: tasks.id });
    await changePoints(t.app.database.db, {
      userId: user.userId,
      delta: -1,
      reason: "generate",
      idempotencyKey: `task:${task!.id}:debit`,
    });
    return { user, taskId: task!.id };
  }

  it("a retryable failure goes back to the queue until the last attempt, which refunds once", async () => {
    const { user, taskId } = await waitingTask("jay@example.com");
    await expect(runTaskAttempt(t.app, failing(true), { taskId, retryCount: 0, retryLimit: 2 })).rejects.toThrow("provider down");
    let [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ status: TASK_STATUS.wait, attempts: 1 });
    expect(await balanceOf(t, user.userId)).toBe(0);

    await runTaskAttempt(t.app, failing(true), { taskId, retryCount: 2, retryLimit: 2 });
    [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ status: TASK_STATUS.failed, errorCode: "PROVIDER_UNAVAILABLE", attempts: 2 });
    expect(await balanceOf(t, user.userId)).toBe(1);
    // The dead-letter path and a duplicate job change nothing more.
    expect(await failTask(t.app, taskId, "GENERATION_FAILED")).toBe(false);
    await runTaskAttempt(t.app, failing(true), { taskId, retryCount: 2, retryLimit: 2 });
    expect(await balanceOf(t, user.userId)).toBe(1);
    const refunds = await t.app.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, user.userId), eq(pointsLedger.reason, "refund")));
    expect(refunds).toHaveLength(1);

    const view = await callApi(t, "GET", "/api/v2/aitask/get", {
      params: { taskId: String(taskId) },
      session: user,
      language: "fr",
    });
    expect(view.body.data).toMatchObject({ status: TASK_STATUS.failed, refunded: true, errorCode: "PROVIDER_UNAVAILABLE" });
    expect(view.body.data.errorMsg).toEqual(expect.any(String));
  });

  it("a refused request fails at once with its refund", async () => {
    const { user, taskId } = await waitingTask("kim@example.com");
    await runTaskAttempt(t.app, failing(false), { taskId, retryCount: 0, retryLimit: 2 });
    const [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row?.status).toBe(TASK_STATUS.failed);
    expect(await balanceOf(t, user.userId)).toBe(1);
  });
});
