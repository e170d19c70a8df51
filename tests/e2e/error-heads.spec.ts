import type { Page } from "@playwright/test";
import { catalogs } from "#common/i18n/catalogs.ts";
import { expect, test } from "./fixtures.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

test.describe("every 404 a loader throws, and the error page, has a translated title and description", () => {
  const en = catalogs.en.error as Record<string, Record<string, string>>;
  const de = catalogs.de.error as Record<string, Record<string, string>>;
  const notFound = { title: `${en["404"]?.title} — Sticker Studio`, description: en["404"]?.text };

  async function expectHead(page: Page, path: string, expected: { title: string; description: string | undefined }) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path.includes("/error/403") ? 403 : 404);
    await expect(page, path).toHaveTitle(expected.title);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", expected.description ?? "");
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", "noindex");
  }

  test("unknown path, unknown language prefix, bad list page, unknown tag, unknown pack, the desk to a visitor, and /error/404", async ({
    page,
  }) => {
    for (const path of [
      "/no-such-page",
      "/xx/stickers",
      "/stickers/latest/0",
      "/tag/no-such-subject-at-all",
      "/pack/987654321/nothing",
      "/admin",
      "/error/404",
    ]) {
      await expectHead(page, path, notFound);
    }
  });

  test("in the page's language: a German 404 and a German /error/403", async ({ page }) => {
    await expectHead(page, "/de/no-such-page", { title: `${de["404"]?.title} — Sticker Studio`, description: de["404"]?.text });
    await expectHead(page, "/de/error/403", { title: `${de["403"]?.title} — Sticker Studio`, description: de["403"]?.text });
  });

  test("the desk to a signed-in user who is not staff", async ({ page }) => {
    test.slow(); // signs in by e-mail
    await page.goto("/");
    await signInByLink(page, uniqueEmail("not-staff"));
    await expectHead(page, "/admin", notFound);
    await expectHead(page, "/admin/log", notFound);
  });
});
