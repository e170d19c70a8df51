/**
 * A worker process killed in the middle of a task leaves nothing stuck: the job is retried by another
 * worker, and after its last attempt the task fails with exactly one refund. Real processes
 * (`server/worker.ts`) on PostgreSQL, drawing through the hosted provider against a local images API
 * that holds requests open, so "mid-task" is certain.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { startWorkerTestbed, until, type WorkerTestbed } from "#tests/support/worker-processes.ts";

let bed: WorkerTestbed;

describeOnPostgres("a worker process killed mid-task", () => {
  beforeAll(async () => {
    bed = await startWorkerTestbed('<svg width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="#e07a5f"/></svg>');
  });

  afterAll(() => bed?.close());

  it("is retried by another worker and succeeds once", async () => {
    bed.imagesApi.hold();
    const { session, taskId } = await bed.submitTextTask("crash-once@example.com", "a red ball");
    const first = bed.startWorker();
    await bed.untilDrawing(taskId, "the first worker to start drawing");
    await first.kill();
    bed.imagesApi.answerFromNow();
    bed.startWorker();
    const done = await bed.untilTaskEnds(taskId, "the task to finish");
    expect(done.status).toBe(TASK_STATUS.success);
    expect(done.attempts).toBe(2);
    expect(await bed.stickersOf(taskId)).toHaveLength(1);
    expect(await bed.balanceOf(session.userId)).toBe(2);
  }, 120_000);

  it("fails with one refund after its last attempt dies too", async () => {
    await bed.killWorkers();
    bed.imagesApi.hold();
    const { session, taskId } = await bed.submitTextTask("crash-twice@example.com", "a red ball");
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const worker = bed.startWorker();
      await until(`attempt ${attempt} to start drawing`, async () => {
        const row = await bed.taskRow(taskId);
        return row?.status === TASK_STATUS.exeing && row.attempts === attempt;
      });
      await worker.kill();
    }
    // No attempt is left: a live worker takes the dead-lettered job and fails the task.
    bed.startWorker();
    const failed = await until("the task to fail", async () => {
      const row = await bed.taskRow(taskId);
      return row?.status === TASK_STATUS.failed ? row : null;
    });
    expect(failed.errorCode).toBe("GENERATION_FAILED");
    expect(await bed.balanceOf(session.userId)).toBe(3);
    expect((await bed.ledgerOf(taskId))?.refunds).toBe(1);
    expect(await bed.stickersOf(taskId)).toHaveLength(0);
  }, 150_000);
});
