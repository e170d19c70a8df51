import { expect, test } from "./fixtures.ts";
import { look } from "./screenshots.ts";

test.describe("dead ends (not available, error pages) offer the way home and sign-in", () => {
  test("/notAvailable offers a visitor the way home and sign-in", async ({ page }) => {
    await page.goto("/notAvailable");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await look(page, "not-available-en");
    await main.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to Sticker Studio" })).toBeVisible();
  });

  test("the error pages offer home and sign-in in the page's language", async ({ page }) => {
    for (const [path, home, homeName, signInName] of [
      ["/error/404", "/", "Back to home", "Sign in"],
      ["/error/403", "/", "Back to home", "Sign in"],
      ["/error/500", "/", "Back to home", "Sign in"],
      ["/no-such-page", "/", "Back to home", "Sign in"],
      ["/ar/error/404", "/ar", "العودة إلى الرئيسية", "تسجيل الدخول"],
      ["/ar/notAvailable", "/ar", "العودة إلى الرئيسية", "تسجيل الدخول"],
    ] as const) {
      await page.goto(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: homeName }), path).toHaveAttribute("href", home);
      await expect(main.getByRole("button", { name: signInName }), path).toBeVisible();
    }
    await look(page, "not-available-ar");
    await page.goto("/ar/error/404");
    await look(page, "error-404-ar");
    await page.getByRole("main").getByRole("button", { name: "تسجيل الدخول" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});
