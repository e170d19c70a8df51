import { describe, expect, it } from "vitest";
import { sourceFiles, textOf } from "#tests/support/source-files.ts";

/**
 * One way to change public content (decision 0021): whatever takes a sticker or pack off the public
 * pages does it through `changePublicContent` (server/pages/page-changes.ts), which announces the
 * change inside the transaction and drops this process's pages after the commit. No other file sends
 * the notification or drops the pages itself, so no call site can do one half and forget the other.
 */

const HOME = "server/pages/page-changes.ts";
/** The page and list caches themselves, and their own tests, which drive them directly. */
const CACHES = new Set([
  HOME,
  "server/stickers/public-list-cache.ts",
  "server/stickers/public-list-cache.test.ts",
  "server/stickers/sticker-visibility.test.ts",
]);
const SELF = "tests/architecture/public-content.test.ts";

/** The low-level halves: the old two functions, a NOTIFY on the channel, and the local drop of lists. */
const HALVES = /\b(announcePublicStickersChanged|publicStickersChangedHere|forgetPublicLists)\b|pg_notify\s*\(/g;

function halvesIn(file: string, text: string): string[] {
  if (CACHES.has(file) || file === SELF) return [];
  return [...text.matchAll(HALVES)].map((match) => `${file}: ${match[0]}`);
}

describe("public content changes in one way", () => {
  it("the check catches each low-level half (it is not vacuous)", () => {
    expect(halvesIn("server/x.ts", "await announcePublicStickersChanged(tx, change)")).toHaveLength(1);
    expect(halvesIn("server/x.ts", "publicStickersChangedHere(db, change)")).toHaveLength(1);
    expect(halvesIn("server/x.ts", "forgetPublicLists(db, change)")).toHaveLength(1);
    expect(halvesIn("server/x.ts", "tx.execute(sql`select pg_notify(channel, payload)`)")).toHaveLength(1);
    expect(halvesIn("server/x.ts", "await changePublicContent(db, work)")).toEqual([]);
  });

  it("only server/pages/page-changes.ts announces a change or drops the pages and lists", () => {
    const files = ["app", "server", "common", "scripts", "bench"].flatMap(sourceFiles);
    expect(files).toContain(HOME);
    expect(files.flatMap((file) => halvesIn(file, textOf(file)))).toEqual([]);
    expect(textOf(HOME)).toContain("export async function changePublicContent");
  });
});
