import { STORAGE_KEYS } from "#common/storage-keys.ts";
import type { Visits } from "./visits.ts";

/** The install offer, once turned down, waits this long (decision 0045). */
export const DISMISS_FOR_MS = 30 * 24 * 60 * 60_000;
/** The offer is made from this visit on: never on the first. */
export const OFFER_FROM_VISIT = 2;

function read<T>(key: string): T | null {
  try {
    const value = localStorage.getItem(key);
    return value ? (JSON.parse(value) as T) : null;
  } catch {
    return null;
  }
}

/** Whether the install card may be shown now: a returning visitor who has not turned it down lately. */
export function mayOfferInstall(now = Date.now()): boolean {
  const visits = read<Visits>(STORAGE_KEYS.visits);
  const dismissedAt = read<number>(STORAGE_KEYS.installDismissed);
  if (!visits || visits.count < OFFER_FROM_VISIT) return false;
  if (typeof dismissedAt === "number" && now - dismissedAt < DISMISS_FOR_MS) return false;
  return !window.matchMedia("(display-mode: standalone)").matches;
}

export function rememberInstallDismissed(now = Date.now()) {
  try {
    localStorage.setItem(STORAGE_KEYS.installDismissed, JSON.stringify(now));
  } catch {
    // Storage refused: the card may come back on a later visit.
  }
}
