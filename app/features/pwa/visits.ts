import { STORAGE_KEYS } from "#common/storage-keys.ts";

/** A page seen this long after the last one begins a new visit (the usual 30-minute session). */
export const VISIT_GAP_MS = 30 * 60_000;
/** The install offer, once turned down, waits this long (decision 0045). */
export const DISMISS_FOR_MS = 30 * 24 * 60 * 60_000;
/** The offer is made from this visit on: never on the first. */
export const OFFER_FROM_VISIT = 2;

interface Visits {
  count: number;
  lastSeen: number;
}

function read<T>(key: string): T | null {
  try {
    const value = localStorage.getItem(key);
    return value ? (JSON.parse(value) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the offer then simply waits.
  }
}

/** Counts this page view: a new visit when the last page was seen more than VISIT_GAP_MS ago. */
export function countVisit(now = Date.now()): number {
  const before = read<Visits>(STORAGE_KEYS.visits);
  const count = !before ? 1 : now - before.lastSeen > VISIT_GAP_MS ? before.count + 1 : before.count;
  write(STORAGE_KEYS.visits, { count, lastSeen: now } satisfies Visits);
  return count;
}

/** Whether the install offer may be shown now: a returning visitor who has not turned it down lately. */
export function mayOfferInstall(now = Date.now()): boolean {
  const visits = read<Visits>(STORAGE_KEYS.visits);
  const dismissedAt = read<number>(STORAGE_KEYS.installDismissed);
  if (!visits || visits.count < OFFER_FROM_VISIT) return false;
  if (typeof dismissedAt === "number" && now - dismissedAt < DISMISS_FOR_MS) return false;
  return !window.matchMedia("(display-mode: standalone)").matches;
}

export function rememberInstallDismissed(now = Date.now()) {
  write(STORAGE_KEYS.installDismissed, now);
}
