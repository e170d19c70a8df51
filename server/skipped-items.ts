/**
 * One bad row never fails a whole page, list, sitemap or export: lists are built item by item, and an
 * item that cannot be built (a name no URL can hold, a date out of range, a picture storage lost) is
 * left out and told, with its id, to a `SkippedItem` — the request's log, or the process log when the
 * builder has no request at hand.
 */
import type { Logger } from "./log.ts";

/** Told of an item a list left out because it could not be built (its id, the error). */
export type SkippedItem = (id: string, error: unknown) => void;

let processLog: Logger | null = null;

/** Boot points list builders without a request at the process's log (the last app booted). */
export function logSkippedItemsTo(log: Logger): void {
  processLog = log;
}

/** Logs a left-out item under `what` (e.g. "sticker list item") to the process log. */
export function skippedIn(what: string, log: Logger | null = processLog): SkippedItem {
  return (id, error) => log?.warn({ err: error, id, what }, `${what} left out: it could not be built`);
}

/** `build` of each item, in order, leaving out (and telling `skipped` of) each one it throws on. */
export function buildEach<T, U>(list: readonly T[], idOf: (item: T) => string, build: (item: T) => U, skipped: SkippedItem): U[] {
  const built: U[] = [];
  for (const item of list) {
    try {
      built.push(build(item));
    } catch (error) {
      skipped(idOf(item), error);
    }
  }
  return built;
}

/**
 * Throws unless `name` can be shown and linked: well-formed text whose slug `encodeURIComponent` takes
 * (the page's and the sitemap's link to it).
 */
export function assertLinkable(name: string, slugOf: (name: string) => string): void {
  if (!name.isWellFormed()) throw new Error("name is not well-formed Unicode");
  encodeURIComponent(slugOf(name));
}
