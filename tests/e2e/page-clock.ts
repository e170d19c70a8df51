import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Jumps the page's clock (`page.clock`, installed before the page loaded) 5 s at a time until `check`
 * passes, instead of waiting out the page's own timers: the subscription's scheduled reads (2, 5, 10 s,
 * then every 15 s, decision 0029) or the look for a sticker or pack an unfinished upload may have
 * started (about 30 s of back-off).
 */
export async function skipAheadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.fastForward(5_000);
    await check();
  }).toPass({ timeout: 40_000 });
}
