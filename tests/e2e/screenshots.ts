import type { Page } from "@playwright/test";
import { test } from "./fixtures.ts";

/** Screenshots to look at (1280 and 390 px, by project), kept with the run's results. */
export async function look(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: false });
}
