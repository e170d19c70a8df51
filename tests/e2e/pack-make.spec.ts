import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { signInByEmail, uniqueEmail } from "./session.ts";

// A pack runs one real job per mood through the queue and the generator process.
test.setTimeout(150_000);

const EIGHT = ["happy", "sad", "love", "laughing", "angry", "sleeping", "surprised", "thumbs_up"];

test("a pack of 8 moods from a prompt: chosen with the keyboard, priced up front, filled tile by tile, linked to its pack page", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await signInByEmail(page, context, uniqueEmail("pack-maker"));
  await page.getByRole("button", { name: "Pack of moods" }).click();
  const chooser = page.getByRole("group", { name: "Moods, one sticker each" });
  // 8 of 12 chosen to start with.
  await expect(chooser.getByRole("checkbox", { checked: true })).toHaveCount(8);
  await expect(page.getByText("Stickers: 8 · Points: 8")).toBeVisible();
  // Keyboard: Space on a focused chip toggles it.
  await chooser.getByRole("checkbox", { name: "Cool" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Stickers: 9 · Points: 9")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(page.getByText("Stickers: 8 · Points: 8")).toBeVisible();

  await page.getByLabel("Describe your sticker").fill("a cat");
  const made = page.waitForResponse((response) => response.url().endsWith("/api/pack/makeFromPrompt"));
  await page.getByRole("button", { name: "Make the pack" }).click();
  const answer = await (await made).json();
  expect(answer.data.taskIds).toHaveLength(8);
  const packId: string = answer.data.pack.packId;

  const progress = page.getByTestId("pack-progress");
  await expect(progress).toBeVisible();
  await expect(progress.locator("li[data-mood]")).toHaveCount(8);
  expect(
    await progress.locator("li[data-mood]").evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute("data-mood"))),
  ).toEqual(EIGHT);
  await expect(page.getByTestId("pack-ready")).toHaveText("8 of 8 ready", { timeout: 120_000 });
  await expect(progress.locator('li[data-state="ready"] img')).toHaveCount(8);
  await expect(progress.getByRole("img", { name: "a cat · Happy" })).toBeVisible();
  // The debit shows in the header: 10 − 8.
  await expect(page.getByRole("link", { name: "2 points" })).toBeVisible();
  const open = progress.getByRole("link", { name: "Open the pack" });
  await expect(open).toHaveAttribute("href", `/pack/${packId}`);
});

test("a pack of moods from a photo: private, the same photo in each mood, the group's price taken", async ({ page, context }) => {
  const [x, y] = [100 + Math.floor(Math.random() * 120), 80 + Math.floor(Math.random() * 80)];
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#e9d8c4" } })
    .composite([
      { input: Buffer.from(`<svg width="320" height="240"><circle cx="${x}" cy="${y}" r="70" fill="#8a5a3c"/></svg>`) },
    ])
    .png()
    .toBuffer();
  await page.goto("/");
  await signInByEmail(page, context, uniqueEmail("pack-photo"));
  await page.getByRole("button", { name: "Pack of moods" }).click();
  await page.getByRole("button", { name: "A picture" }).click();
  await page.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  // A new account's 10 points pay for 5 photo stickers (2 points each): keep the first 5 moods.
  const chooser = page.getByRole("group", { name: "Moods, one sticker each" });
  for (const mood of ["Sleeping", "Surprised", "Thumbs up"]) await chooser.getByText(mood).click();
  await expect(page.getByText("Stickers: 5 · Points: 10")).toBeVisible();
  const made = page.waitForRequest((request) => request.url().endsWith("/api/pack/makeFromImage"));
  await page.getByRole("button", { name: "Make the pack" }).click();
  const body = (await made).postDataBuffer()?.toString("latin1") ?? "";
  expect(body).toMatch(/name="visibility"\r\n\r\nprivate\r\n/);
  expect(body).toMatch(/name="moods"\r\n\r\nhappy,sad,love,laughing,angry\r\n/);
  const progress = page.getByTestId("pack-progress");
  await expect(page.getByTestId("pack-ready")).toHaveText("5 of 5 ready", { timeout: 120_000 });
  await expect(progress.getByRole("img", { name: "Photo sticker · Love" })).toBeVisible();
  await expect(page.getByRole("link", { name: "0 points" })).toBeVisible();
  await expect(progress.getByRole("link", { name: "Open the pack" })).toHaveAttribute("href", /^\/pack\/[\w-]+$/);
});

test("Arabic pages lay the mood chooser out right to left", async ({ page, context }) => {
  await page.goto("/");
  await signInByEmail(page, context, uniqueEmail("pack-ar"));
  await page.goto("/ar");
  await page.getByRole("button", { name: "حزمة المزاجات" }).click();
  const chooser = page.getByTestId("mood-chooser");
  await expect(chooser.getByRole("checkbox", { checked: true })).toHaveCount(8);
  const first = await chooser.getByText("سعيد").boundingBox();
  const second = await chooser.getByText("حزين").boundingBox();
  expect(first && second && first.y === second.y ? first.x > second.x : true).toBe(true);
  // No sideways scrolling at any width the project runs.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
