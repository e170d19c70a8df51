/**
 * The task this tab follows, kept in sessionStorage so a reload (or a sign-in round trip) picks the
 * progress view up again instead of losing the sticker being made.
 */
const KEY = "sticker:current-task";

export function rememberTask(taskId: number | null) {
  try {
    if (taskId === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, String(taskId));
  } catch {
    // Storage can be unavailable (private mode quotas): the view then simply does not survive a reload.
  }
}

export function rememberedTask(): number | null {
  try {
    const value = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
