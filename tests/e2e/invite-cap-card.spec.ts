import type { Page } from "@playwright/test";
import { parseConfig } from "#server/config.ts";
import { expect, test } from "./fixtures.ts";

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test.describe("the free plan's card says what inviting friends really pays (decision 0016)", () => {
  const cap = parseConfig({}).INVITE_REWARDS_PER_DAY;

  test("it quotes the inviter's daily cap the server counts against, in English and in German", async ({ page }) => {
    await page.goto("/pricing");
    const free = card(page, "Free");
    await expect(
      free.getByText(`Free points when a friend you invite makes their first sticker, for up to ${cap} friends a day`),
    ).toBeVisible();
    await expect(page.getByText("Free points for every friend you invite")).toHaveCount(0);

    await page.goto("/de/pricing");
    await expect(
      card(page, "Kostenlos").getByText(
        `Kostenlose Punkte, sobald ein eingeladener Freund seinen ersten Sticker erstellt – für höchstens ${cap} Freunde pro Tag`,
      ),
    ).toBeVisible();
  });
});
