import { expect, test } from "./fixtures.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/**
 * "What was understood" under the prompt (decision 0052): as the user types, the create panel says
 * what will be drawn, in the page's language, or that a word cannot be drawn and will be written —
 * before anything is paid; nothing below it moves, and a failed reading leaves creating as it was.
 */

// The first reading of a run starts the prompt planner, which builds the generator's lexicon (seconds).
test.setTimeout(90_000);
const FIRST_READING = { timeout: 45_000 };

const understood = (page: import("@playwright/test").Page) => page.getByTestId("understood");

test("typing a prompt says what will be drawn; an unknown word in a pack of moods says it becomes the caption", async ({
  page,
}) => {
  await page.goto("/");
  const generate = page.getByRole("button", { name: "Generate sticker" });
  const before = await generate.boundingBox();
  const field = page.getByLabel("Describe your sticker");
  // Typed key by key: the line waits for a pause, then speaks once.
  await field.pressSequentially("a cat holding a coffee");
  await expect(understood(page)).toContainText("We’ll draw:", FIRST_READING);
  await expect(understood(page)).toContainText("🐱");
  await expect(understood(page)).toContainText("cat");
  await expect(understood(page)).toHaveAttribute("aria-live", "polite");
  // The line's room is kept whether it speaks or not: the button below did not move.
  expect((await generate.boundingBox())?.y).toBe(before?.y);
  await look(page, "understood-draw");

  await page.getByRole("button", { name: "Pack of moods" }).click();
  await field.fill("a sad blorfwomp");
  await expect(understood(page)).toContainText("We can’t draw");
  await expect(understood(page)).toContainText("blorfwomp");
  await expect(understood(page)).toContainText("written as the caption");
  await look(page, "understood-caption");

  // An empty prompt says nothing.
  await field.fill("");
  await expect(understood(page)).toHaveText("");
});

test("in French the line is French and names the subject in French", async ({ page }) => {
  await page.goto("/fr/");
  await page.getByLabel("Décrivez votre sticker").fill("un chat avec un café");
  await expect(understood(page)).toContainText("Nous allons dessiner", FIRST_READING);
  await expect(understood(page)).toContainText("chat");
  await expect(understood(page)).not.toContainText("We’ll draw");
});

test("in Arabic the line is Arabic, right to left, and names the subject in Arabic", async ({ page }) => {
  await page.goto("/ar/");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("صِف ملصقك").fill("قطة");
  await expect(understood(page)).toContainText("سنرسم", FIRST_READING);
  await expect(understood(page)).toContainText("قطة");
  await look(page, "understood-ar");
  await page.getByRole("button", { name: "حزمة المزاجات" }).click();
  await page.getByLabel("صِف ملصقك").fill("بلورفومب حزين");
  await expect(understood(page)).toContainText("لا يمكننا رسم");
  await expect(understood(page)).toContainText("بلورفومب");
  await look(page, "understood-ar-caption");
});

test("when the reading fails no line is shown and the sticker is still made", async ({ page }) => {
  await page.route("**/api/aitask/understandPrompt", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ status: "RATE_LIMITED", msg: "Too many requests", msgKey: "errors.rateLimited" }),
    }),
  );
  await page.goto("/");
  await signInByLink(page, uniqueEmail("understood"));
  const asked = page.waitForResponse((response) => response.url().endsWith("/api/aitask/understandPrompt"));
  await page.getByLabel("Describe your sticker").fill("a cat");
  await asked;
  await expect(understood(page)).toHaveText("");
  const submitted = page.waitForResponse((response) => response.url().endsWith("/api/aitask/submitGenerateText"));
  await page.getByRole("button", { name: "Generate sticker" }).click();
  expect((await submitted).status()).toBe(200);
  await expect(page.getByRole("progressbar")).toBeVisible();
});
