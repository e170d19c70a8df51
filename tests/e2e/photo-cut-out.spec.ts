import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// A real job through the queue and the generator child, which loads the salient-object model.
test.setTimeout(120_000);

test("a photo of a cat on a busy background comes back cut out, not framed (decision 0027)", async ({ page }) => {
  // One of the free photos of docs/photos/ (sources and licences in its README).
  const photo = readFileSync(join(import.meta.dirname, "..", "..", "docs", "photos", "cat.jpg"));
  await page.goto("/");
  await signInByLink(page, uniqueEmail("cat-photo"));
  await page.getByRole("button", { name: "A picture" }).click();
  await page.getByLabel("Choose a picture").setInputFiles({ name: "cat.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Generate sticker" }).click();
  const outcome = page.getByRole("region", { name: "Your sticker is ready!" });
  await expect(outcome).toBeVisible({ timeout: 90_000 });
  const shown = await outcome.getByRole("img").first().getAttribute("src");
  const { data, info } = await sharp(Buffer.from(await (await page.request.get(shown ?? "")).body()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
  const last = info.width - 1;
  // A framed photo is opaque up to its rounded corners' border; a cut-out's corners are empty and
  // so is the space along the top edge, above the cat's head.
  for (const [x, y] of [
    [0, 0],
    [last, 0],
    [0, last],
    [last, last],
    [Math.round(info.width * 0.1), Math.round(info.width * 0.12)],
  ] as const)
    expect(alphaAt(x, y)).toBe(0);
  expect(alphaAt(info.width >> 1, info.width >> 1)).toBe(255);
  await outcome.screenshot({ path: test.info().outputPath("cat-sticker.png") });
});
