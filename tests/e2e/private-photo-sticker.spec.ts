import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// Making a sticker runs a real job through the queue and the generator process.
test.setTimeout(90_000);

test("a photo sticker starts private with the reason shown, its files reach no visitor, and once shared a visitor loads them", async ({
  page,
  browser,
}) => {
  // A photo of its own per run: stored pictures are content-addressed, so the same photo made public by
  // another project's run would be the same (public) file.
  const [x, y] = [100 + Math.floor(Math.random() * 120), 80 + Math.floor(Math.random() * 80)];
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#e9d8c4" } })
    .composite([
      { input: Buffer.from(`<svg width="320" height="240"><circle cx="${x}" cy="${y}" r="70" fill="#8a5a3c"/></svg>`) },
    ])
    .png()
    .toBuffer();
  await page.goto("/");
  await signInByLink(page, uniqueEmail("photo-owner"));

  // Words keep the public default; a picture starts private and says why.
  const share = page.getByRole("checkbox", { name: /Share in the community gallery/ });
  await expect(share).toBeChecked();
  await page.getByRole("button", { name: "A picture" }).click();
  await expect(share).not.toBeChecked();
  await expect(page.getByText(/^Photo stickers start private, since a photo may show someone's face/)).toBeVisible();
  // The owner may share it from here; unticked again, it stays private.
  await share.check();
  await expect(share).toBeChecked();
  await share.uncheck();
  await page.getByRole("button", { name: "Words" }).click();
  await expect(share).toBeChecked();
  await page.getByRole("button", { name: "A picture" }).click();
  await expect(share).not.toBeChecked();

  await page.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  const submitted = page.waitForRequest((request) => request.url().endsWith("/api/aitask/submitGenerate"));
  await page.getByRole("button", { name: "Generate sticker" }).click();
  expect((await submitted).postDataBuffer()?.toString("latin1")).toMatch(/name="visibility"\r\n\r\nprivate\r\n/);
  const outcome = page.getByRole("region", { name: "Your sticker is ready!" });
  await expect(outcome).toBeVisible({ timeout: 60_000 });
  await expect(outcome.getByText("It's private: only you can see it.")).toBeVisible();

  // The owner's page shows the private picture: the browser's own session fetches it.
  const image = outcome.getByRole("img").first();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(512);
  const imageUrl = (await image.getAttribute("src")) ?? "";
  const downloadUrl = (await outcome.getByRole("link", { name: "Download" }).getAttribute("href")) ?? "";
  const picId = downloadUrl.split("/").pop() ?? "";
  expect(imageUrl).toMatch(/^\/files\/[a-f0-9]{32}\.png$/);
  const files = [
    imageUrl,
    `/files/${picId}-256.webp`,
    downloadUrl,
    `/files/export/${picId}/telegram.png`,
    `/files/export/${picId}/telegram.webp`,
    `/files/export/${picId}/whatsapp.webp`,
  ];
  for (const file of files) {
    const mine = await page.request.get(file);
    expect(mine.status(), file).toBe(200);
    expect(mine.headers()["cache-control"], file).toBe("private, no-store");
  }

  await outcome.getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/sticker\//);
  const stickerUrl = page.url();

  // A visitor (another browser) reaches neither the page nor any of its files.
  const visitorContext = await browser.newContext();
  for (const file of files) expect((await visitorContext.request.get(file)).status(), file).toBe(404);
  const visitor = await visitorContext.newPage();
  await visitor.goto(stickerUrl);
  await expect(visitor).toHaveURL(/\/notAvailable$/);

  // Shared from the detail page: the next request serves everyone.
  const who = page.getByRole("group", { name: "Who can see it" });
  await expect(who.getByRole("radio", { name: "Private" })).toBeChecked();
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/sticker/setVisibility"));
  await who.getByText("Public", { exact: true }).click();
  expect((await (await saved).json()).data).toMatchObject({ visibility: "public" });
  for (const file of files) {
    const answer = await visitorContext.request.get(file);
    expect(answer.status(), file).toBe(200);
  }
  await visitor.goto(stickerUrl);
  const shown = visitor.locator(`img[src="${imageUrl}"]`);
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(512);
  await visitorContext.close();
});
