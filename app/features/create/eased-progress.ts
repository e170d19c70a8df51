import { useEffect, useRef, useState } from "react";
import { TASK_STATUS, type TaskView } from "#common/tasks.ts";

/** What the bar shows: the server's stage, eased forward with time so it never looks stuck. */
export function shownProgress(task: TaskView | null, elapsedMs: number): number {
  if (!task) return 2;
  if (task.status === TASK_STATUS.success || task.status === TASK_STATUS.failed) return 100;
  const ceiling = task.status === TASK_STATUS.wait ? 9 : task.progress >= 90 ? 98 : task.progress >= 70 ? 89 : 69;
  const eased = task.progress + (ceiling - task.progress) * (1 - Math.exp(-elapsedMs / 4000));
  return Math.round(Math.max(task.progress, Math.min(ceiling, eased)));
}

/** A task's progress as its bar shows it, moving a little four times a second until the task ends. */
export function useEasedProgress(task: TaskView | null): number {
  const [now, setNow] = useState(() => Date.now());
  const stageStart = useRef({ key: "", at: Date.now() });
  const finished = task?.status === TASK_STATUS.success || task?.status === TASK_STATUS.failed;
  useEffect(() => {
    if (finished) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [finished]);
  const stageKey = `${task?.status ?? "none"}:${task?.progress ?? 0}`;
  if (stageStart.current.key !== stageKey) stageStart.current = { key: stageKey, at: now };
  return shownProgress(task, now - stageStart.current.at);
}
