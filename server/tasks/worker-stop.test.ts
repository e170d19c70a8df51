/**
 * SIGTERM to a worker process with a job in hand (decision 0020): it takes no new job; the job finishes
 * if it can within SHUTDOWN_GRACE_MS, else it goes back to the queue and another worker finishes it:
 * debited once, never refunded, one sticker, exit code 0 either way. Real processes (`server/worker.ts`)
 * on PostgreSQL, drawing through the hosted provider against a local images API that holds requests.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { startWorkerTestbed, type WorkerTestbed } from "#tests/support/worker-processes.ts";

let bed: WorkerTestbed;

describeOnPostgres("a worker process stopped with SIGTERM mid-task", () => {
  beforeAll(async () => {
    bed = await startWorkerTestbed(
      '<svg width="1024" height="1024"><rect x="200" y="200" width="600" height="600" fill="#3d405b"/></svg>',
    );
  });

  afterAll(() => bed?.close());

  it("finishes the job in hand within the grace period, then exits 0", async () => {
    bed.imagesApi.hold();
    const { session, taskId } = await bed.submitTextTask("stop-finish@example.com", "a green kite");
    const worker = bed.startWorker({ SHUTDOWN_GRACE_MS: "20000" });
    await bed.untilDrawing(taskId, "the worker to start drawing");
    worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 500));
    bed.imagesApi.answerFromNow();
    bed.imagesApi.releaseHeld();
    expect(await worker.exited).toBe(0);
    expect(await bed.taskRow(taskId)).toMatchObject({ status: TASK_STATUS.success, attempts: 1 });
    expect(await bed.ledgerOf(taskId)).toEqual({ debits: 1, refunds: 0 });
    expect(await bed.balanceOf(session.userId)).toBe(2);
  }, 120_000);

  it("hands a job that outlasts the grace period back to the queue: another worker finishes it, no refund, exit 0", async () => {
    bed.imagesApi.hold();
    const { session, taskId } = await bed.submitTextTask("stop-hand-back@example.com", "a green kite");
    const first = bed.startWorker({ SHUTDOWN_GRACE_MS: "1500" });
    await bed.untilDrawing(taskId, "the first worker to start drawing");
    const stoppedAt = Date.now();
    first.terminate();
    expect(await first.exited).toBe(0);
    // Bounded: the job grace, plus the process's own closing (well inside 2 × grace + 5 s).
    expect(Date.now() - stoppedAt).toBeLessThan(1500 * 2 + 5000);
    bed.imagesApi.answerFromNow();
    bed.startWorker({ SHUTDOWN_GRACE_MS: "20000" });
    const done = await bed.untilTaskEnds(taskId, "another worker to finish the task", 60_000);
    expect(done).toMatchObject({ status: TASK_STATUS.success, attempts: 2 });
    expect(await bed.stickersOf(taskId)).toHaveLength(1);
    expect(await bed.ledgerOf(taskId)).toEqual({ debits: 1, refunds: 0 });
    expect(await bed.balanceOf(session.userId)).toBe(2);
  }, 120_000);
});
