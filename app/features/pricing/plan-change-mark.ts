import { STORAGE_KEYS } from "#common/storage-keys.ts";

/** The shape of a mark: what /rechargeSuccess accepts in its `change` query. */
export const PLAN_CHANGE_MARK = /^[A-Za-z0-9-]{16,64}$/;

/**
 * A plan change this browser made without a checkout (POST /api/subscribe answered "success") is the
 * one payment-less way to a thankful /rechargeSuccess: the tab that made it leaves a random mark in
 * localStorage and sends the payment window to `?status=success&change={mark}`. The query alone is
 * never believed (decision 0011): only a page that finds the same mark here says thank you.
 */
export function markPlanChange(): string {
  const mark = crypto.randomUUID();
  try {
    localStorage.setItem(STORAGE_KEYS.planChange, mark);
  } catch {
    // Storage refused (private mode, full): the result page will then say it cannot confirm the change.
  }
  return mark;
}

/**
 * What the result page makes of the mark in its address: "new" the first time (the mark is taken, so
 * only this page tells the other tabs), "seen" when this tab already took it (a reload), else null —
 * not a change this browser made.
 */
export function takePlanChange(mark: string): "new" | "seen" | null {
  try {
    if (sessionStorage.getItem(STORAGE_KEYS.planChange) === mark) return "seen";
    if (localStorage.getItem(STORAGE_KEYS.planChange) !== mark) return null;
    localStorage.removeItem(STORAGE_KEYS.planChange);
    sessionStorage.setItem(STORAGE_KEYS.planChange, mark);
    return "new";
  } catch {
    return null;
  }
}
