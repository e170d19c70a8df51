import { expect, test } from "./fixtures.ts";
import { googleAnswers } from "./google-keys.ts";

test.describe("Google sign-in (spec §4)", () => {
  test("signs in with a verified Google ID token and gets the starting points", async ({ page }) => {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    await googleAnswers(page, { sub: `google-${stamp}`, email: `g-${stamp}@example.com`, email_verified: true });
    await page.goto("/");
    // A click before hydration opens nothing: wait for the page to take events.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Sign in with Google" })).toHaveCount(0);
    await dialog.getByRole("checkbox").check();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/googleLogin"));
    await dialog.getByRole("button", { name: "Sign in with Google" }).click();
    expect((await answered).status()).toBe(200);
    await expect(dialog.getByRole("heading", { name: "You're signed in" })).toBeVisible();
    await expect(dialog.getByText(`g-${stamp}@example.com`)).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("link", { name: "10 points" })).toBeVisible();
  });

  test("a token for another audience is refused with a message", async ({ page, consoleErrors }) => {
    await googleAnswers(page, { sub: "intruder", email: "x@example.com", email_verified: true, aud: "someone-else" });
    await page.goto("/");
    // A click before hydration opens nothing: wait for the page to take events.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("dialog").getByRole("checkbox").check();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/googleLogin"));
    await page.getByRole("dialog").getByRole("button", { name: "Sign in with Google" }).click();
    const response = await answered;
    expect(response.status()).toBe(401);
    expect((await response.json()).status).toBe("GOOGLE_TOKEN_INVALID");
    await expect(page.getByText("Google sign-in could not be verified. Please try again.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
    // The refused call itself is the one expected console error.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("status of 401")));
  });

  test("the page passes the server's nonce to Google, and a token made for another nonce is refused", async ({
    page,
    consoleErrors,
  }) => {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    // A token replayed from elsewhere: valid in every way, but not carrying this page's nonce.
    await googleAnswers(page, {
      sub: `google-${stamp}`,
      email: `g-${stamp}@example.com`,
      email_verified: true,
      nonce: "replayed",
    });
    const nonceAnswer = page.waitForResponse((r) => r.url().endsWith("/api/googleNonce"));
    await page.goto("/");
    // A click before hydration opens nothing: wait for the page to take events.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("dialog").getByRole("checkbox").check();
    const { nonce } = (await (await nonceAnswer).json()).data as { nonce: string };
    await expect(page.getByRole("dialog").getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __googleOptions: { nonce: string } }).__googleOptions.nonce)).toBe(
      nonce,
    );
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/googleLogin"));
    await page.getByRole("dialog").getByRole("button", { name: "Sign in with Google" }).click();
    expect((await (await answered).json()).status).toBe("GOOGLE_TOKEN_INVALID");
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("status of 401")));
  });
});
