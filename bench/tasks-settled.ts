import { inArray } from "drizzle-orm";
import { TASK_STATUS } from "#common/tasks.ts";
import type { AppContext } from "#server/context.ts";
import { tasks } from "#server/db/schema.ts";

/** Waits until every task in `ids` has succeeded or failed (checked every 20 ms); throws if any failed. */
export async function waitForAll(app: AppContext, ids: number[]): Promise<void> {
  for (;;) {
    const rows = await app.database.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, ids));
    if (rows.every((row) => row.status === TASK_STATUS.success || row.status === TASK_STATUS.failed)) {
      const failed = rows.filter((row) => row.status === TASK_STATUS.failed).length;
      if (failed > 0) throw new Error(`${failed} tasks failed`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
