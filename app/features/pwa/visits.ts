import { STORAGE_KEYS } from "#common/storage-keys.ts";

/** A page seen this long after the last one begins a new visit (the usual 30-minute session). */
export const VISIT_GAP_MS = 30 * 60_000;

/** What `STORAGE_KEYS.visits` holds (read by install-choice.ts). */
export interface Visits {
  count: number;
  lastSeen: number;
}

/**
 * Counts this page view: a new visit when the last page was seen more than VISIT_GAP_MS ago. Every
 * page runs it, so it stays apart from the install card's rules (install-choice.ts), loaded on demand.
 */
export function countVisit(now = Date.now()): number {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.visits);
    const before = stored ? (JSON.parse(stored) as Visits) : null;
    const count = !before ? 1 : now - before.lastSeen > VISIT_GAP_MS ? before.count + 1 : before.count;
    localStorage.setItem(STORAGE_KEYS.visits, JSON.stringify({ count, lastSeen: now } satisfies Visits));
    return count;
  } catch {
    // Storage refused (private mode, full): no visit is counted, so no install card is offered.
    return 0;
  }
}
