import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// A pack runs one real job per mood through the queue and the generator process.
test.setTimeout(150_000);

const EIGHT = ["happy", "sad", "love", "laughing", "angry", "sleeping", "surprised", "thumbs_up"];

test("a pack of 8 moods from a prompt: chosen with the keyboard, priced up front, filled tile by tile, linked to its pack page", async ({
  page,
}) => {
  await page.goto("/");
  await signInByLink(page, uniqueEmail("pack-maker"));
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

test("a pack of 8 moods from a photo: private, the same photo in each mood, the group's price taken, opened as a pack", async ({
  page,
  context,
}) => {
  test.slow(); // a point pack bought on the sandbox, then eight photo stickers
  const [x, y] = [100 + Math.floor(Math.random() * 120), 80 + Math.floor(Math.random() * 80)];
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#e9d8c4" } })
    .composite([
      { input: Buffer.from(`<svg width="320" height="240"><circle cx="${x}" cy="${y}" r="70" fill="#8a5a3c"/></svg>`) },
    ])
    .png()
    .toBuffer();
  await page.goto("/pricing");
  await signInByLink(page, uniqueEmail("pack-photo"));
  // Eight photo stickers cost 16 points (2 each): a new account's 10 are topped up with a point pack.
  const [checkout] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Buy 50 points" }).click(),
  ]);
  await checkout.waitForURL(/\/billing\/sandbox\//);
  await expect(checkout.locator("html")).toHaveAttribute("data-hydrated", "true");
  await checkout.getByRole("button", { name: "Pay with the test card" }).click();
  await expect(checkout.getByText("50 points have been added to your balance.")).toBeVisible();
  await checkout.close();
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "60 points" })).toBeVisible();

  await page.getByRole("button", { name: "Pack of moods" }).click();
  await page.getByRole("button", { name: "A picture" }).click();
  await page.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByText("Stickers: 8 · Points: 16")).toBeVisible();
  const made = page.waitForRequest((request) => request.url().endsWith("/api/pack/makeFromImage"));
  await page.getByRole("button", { name: "Make the pack" }).click();
  const body = (await made).postDataBuffer()?.toString("latin1") ?? "";
  expect(body).toMatch(/name="visibility"\r\n\r\nprivate\r\n/);
  expect(body).toMatch(/name="moods"\r\n\r\nhappy,sad,love,laughing,angry,sleeping,surprised,thumbs_up\r\n/);
  const progress = page.getByTestId("pack-progress");
  await expect(page.getByTestId("pack-ready")).toHaveText("8 of 8 ready", { timeout: 180_000 });
  await expect(progress.getByRole("img", { name: "Photo sticker · Love" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "44 points" })).toBeVisible();

  // The group's link opens the pack: eight stickers, private, in mood order.
  await progress.getByRole("link", { name: "Open the pack" }).click();
  await expect(page).toHaveURL(/\/pack\/[\w-]+(\/[^/]+)?$/);
  const tiles = page.getByRole("main").getByRole("list", { name: "Stickers in this pack" }).locator(":scope > li");
  await expect(tiles).toHaveCount(8);
  await expect(page.getByRole("radio", { name: "Private" })).toBeChecked();
});

test("Arabic pages lay the mood chooser out right to left", async ({ page }) => {
  await page.goto("/");
  await signInByLink(page, uniqueEmail("pack-ar"));
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
