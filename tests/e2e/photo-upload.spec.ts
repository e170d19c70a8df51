import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { skipAheadUntil } from "./page-clock.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// Photo tasks run a real job through the queue and the generator process.
test.setTimeout(120_000);

/** A 24 MP phone photo (6000×4000) on its side (EXIF orientation 6) with GPS and camera metadata. */
async function phonePhoto(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const stripes = `<svg width="${width}" height="${height}"><rect width="${width}" height="${height / 3}" fill="#2a7ab0"/><circle cx="3000" cy="2000" r="1400" fill="#e0a030"/></svg>`;
  return sharp({
    create: { width, height, channels: 3, background: "#f0e6d8", noise: { type: "gaussian", mean: 128, sigma: 24 } },
  })
    .composite([{ input: Buffer.from(stripes), blend: "over" }])
    .jpeg({ quality: 92 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "ExamplePhone", Model: "P-24", Copyright: "camera-owner-mark" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2964/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 17/1 4020/100" },
      },
    })
    .toBuffer();
}

/** The bytes of the multipart body's `file` part. */
function filePartOf(body: Buffer, contentType: string): Buffer {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? "";
  const start = body.indexOf('name="file"');
  const dataStart = body.indexOf("\r\n\r\n", start) + 4;
  const dataEnd = body.indexOf(Buffer.from(`\r\n--${boundary}`), dataStart);
  return body.subarray(dataStart, dataEnd);
}

const pictureMode = (page: Page) => page.getByRole("button", { name: "A picture" }).click();

test.describe("photos from phones for one sticker: shrunk and stripped in the browser, uploads whose answer is lost, files that are no pictures", () => {
  test("a 24 MP JPEG is shrunk in the browser to 2048 px, turned upright, stripped of GPS, and its progress shows", async ({
    page,
    context,
  }) => {
    test.slow(); // a 24 MP decode and a throttled upload on shared cores
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024); // a phone's 24 MP JPEG: several megabytes
    await page.goto("/");
    await signInByLink(page, uniqueEmail("photo"));
    await pictureMode(page);
    // No shrink code until a picture is picked: it is a chunk of its own (first-load budget).
    const shrinkChunk = page.waitForRequest((request) => /shrink-photo[^/]*\.js$/.test(request.url()));
    await page.getByLabel("Choose a picture").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
    await shrinkChunk;
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible({ timeout: 30_000 });

    // A slow mobile line, so the upload's progress can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 100,
      downloadThroughput: 1_000_000,
      uploadThroughput: 250_000,
    });
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/aitask/submitGenerate"));
    await page.getByRole("button", { name: "Generate sticker" }).click();
    await expect(page.getByRole("progressbar", { name: /^Uploading… \d+%$/ })).toBeVisible();
    await look(page, "photo-uploading");
    const request = await sent;
    await expect(page.getByRole("heading", { name: "Your sticker is ready!" })).toBeVisible({ timeout: 90_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    const file = filePartOf(body, (await request.allHeaders())["content-type"] ?? "");
    const measured = `picked ${photo.length} bytes (6000×4000); request body ${body.length} bytes; file part ${file.length} bytes`;
    test.info().annotations.push({ type: "measured", description: measured });
    console.log(`measured: ${measured}`);
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThan(photo.length / 5);
    const sentPhoto = await sharp(file).metadata();
    // Upright (the EXIF turn applied: 4000×6000 → 1365×2048) and no metadata at all (GPS, camera).
    expect([sentPhoto.format, sentPhoto.width, sentPhoto.height]).toEqual(["jpeg", 1365, 2048]);
    expect(sentPhoto.exif).toBeUndefined();
    expect(sentPhoto.orientation).toBeUndefined();
    expect(file.includes("camera-owner-mark")).toBe(false);
    expect(file.includes("ExamplePhone")).toBe(false);
    await expect(page.getByRole("link", { name: "8 points" })).toBeVisible();
  });

  test("an upload whose answer is lost finds the task the server accepted and follows it", async ({ page, consoleErrors }) => {
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a8" } })
      .jpeg()
      .toBuffer();
    await page.goto("/");
    await signInByLink(page, uniqueEmail("lost"));
    await pictureMode(page);
    await page.getByLabel("Choose a picture").setInputFiles({ name: "lost.jpg", mimeType: "image/jpeg", buffer: picture });
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible();
    // The server gets the whole upload and starts the task; the page never hears back.
    await page.route("**/api/aitask/submitGenerate", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Generate sticker" }).click();
    await expect(page.getByRole("heading", { name: "Your sticker is ready!" })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "8 points" })).toBeVisible();
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("ERR_CONNECTION_RESET")));
  });

  test("an upload that never reached the server says nothing started and no points were taken", async ({
    page,
    consoleErrors,
  }) => {
    const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#a38" } })
      .png()
      .toBuffer();
    // The page's clock, to skip the waits of its look for a task the server may have started.
    await page.clock.install();
    await page.goto("/");
    await signInByLink(page, uniqueEmail("dropped"));
    await pictureMode(page);
    await page.getByLabel("Choose a picture").setInputFiles({ name: "dropped.png", mimeType: "image/png", buffer: picture });
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible();
    await page.route("**/api/aitask/submitGenerate", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Generate sticker" }).click();
    await expect(page.getByRole("button", { name: "Checking whether your sticker started…" })).toBeVisible();
    await skipAheadUntil(page, () =>
      expect(page.getByRole("alert")).toHaveText(
        "The upload didn't finish, so no sticker was started and no points were taken. Please try again.",
        { timeout: 1_000 },
      ),
    );
    await look(page, "photo-not-started");
    await expect(page.getByRole("link", { name: "10 points" })).toBeVisible();
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("ERR_INTERNET_DISCONNECTED")));
  });

  test("a photo the server took after the page said nothing started is followed, not paid again, when the same photo is sent again", async ({
    page,
    consoleErrors,
  }) => {
    const picture = await sharp({ create: { width: 480, height: 360, channels: 3, background: "#38a" } })
      .jpeg()
      .toBuffer();
    await page.goto("/");
    await signInByLink(page, uniqueEmail("late"));
    await pictureMode(page);
    await page.getByLabel("Choose a picture").setInputFiles({ name: "late.jpg", mimeType: "image/jpeg", buffer: picture });
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible();
    // The server takes the upload, but the page hears nothing back and cannot reach it to look.
    const uploadIds: string[] = [];
    await page.route("**/api/aitask/submitGenerate", async (route) => {
      uploadIds.push(
        /name="uploadId"\r\n\r\n([^\r]+)/.exec(route.request().postDataBuffer()?.toString("latin1") ?? "")?.[1] ?? "",
      );
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.route("**/api/aitask/recentImage**", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Generate sticker" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The upload didn't finish, so no sticker was started and no points were taken. Please try again.",
      { timeout: 60_000 },
    );
    // Trying again with the same photo sends the same upload id: the server answers the task it took.
    await page.unroute("**/api/aitask/recentImage**");
    await page.unroute("**/api/aitask/submitGenerate");
    const again = page.waitForRequest((request) => request.url().endsWith("/api/aitask/submitGenerate"));
    await page.getByRole("button", { name: "Generate sticker" }).click();
    const repeated = /name="uploadId"\r\n\r\n([^\r]+)/.exec((await again).postDataBuffer()?.toString("latin1") ?? "")?.[1];
    expect(uploadIds).toHaveLength(1);
    expect(uploadIds[0]).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(repeated).toBe(uploadIds[0]);
    await expect(page.getByRole("heading", { name: "Your sticker is ready!" })).toBeVisible({ timeout: 90_000 });
    // One image sticker's price (2 of the 10 starting points), taken once.
    await expect(page.getByRole("link", { name: "8 points" })).toBeVisible();
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !text.includes("ERR_CONNECTION_RESET") && !text.includes("ERR_INTERNET_DISCONNECTED")),
    );
  });

  test('a file that claims to be a picture but is not says "That picture can\'t be read", in English and Arabic', async ({
    page,
  }) => {
    const fake = {
      name: "holiday.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("these are not the pixels you are looking for"),
    };
    await page.goto("/");
    await pictureMode(page);
    await page.getByLabel("Choose a picture").setInputFiles(fake);
    await expect(page.getByRole("alert")).toHaveText("That picture can't be read. Please choose another photo.");
    await expect(page.getByRole("button", { name: "Generate sticker" })).toBeDisabled();
    await look(page, "not-a-picture-en");
    await page.goto("/ar");
    await page.getByRole("button", { name: "صورة", exact: true }).click();
    await page.getByLabel("اختر صورة").setInputFiles(fake);
    await expect(page.getByRole("alert")).toHaveText("تعذّرت قراءة هذه الصورة. يُرجى اختيار صورة أخرى.");
    await look(page, "not-a-picture-ar");
  });
});
