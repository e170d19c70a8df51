import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { makeOwnSticker } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// Stickers are drawn by a real job through the queue and the generator process.
test.setTimeout(120_000);

/** A phone photo as the gallery shares it (a JPEG). */
async function galleryPhoto(): Promise<Buffer> {
  const circle = `<svg width="640" height="480"><circle cx="320" cy="240" r="150" fill="#e0a030"/></svg>`;
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a7ab0" } })
    .composite([{ input: Buffer.from(circle) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * What the phone's share sheet does: a top-level POST of a multipart form to /share (the manifest's
 * share target, file field `photo`), built here in the page with a file input and submitted.
 */
async function shareFromSheet(page: Page, photo: Buffer, type = "image/jpeg", name = "IMG_2041.jpg") {
  const landed = page.waitForURL(/[?&](shared|shareError)=/);
  await page.evaluate(
    ({ bytes, type, name }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/share";
      form.enctype = "multipart/form-data";
      const input = document.createElement("input");
      input.type = "file";
      input.name = "photo";
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(bytes)], name, { type }));
      input.files = files.files;
      const title = document.createElement("input");
      title.name = "title";
      title.value = "From my gallery";
      form.append(input, title);
      document.body.append(form);
      form.submit();
    },
    { bytes: [...photo], type, name },
  );
  await landed;
  await waitForHydration(page);
}

/** The share sheet's POST from outside the page; the panel's address it answers with (303). */
async function postShare(page: Page, photo: Buffer, headers: Record<string, string> = {}) {
  const response = await page.request.post("/share", {
    multipart: { photo: { name: "IMG_1.jpg", mimeType: "image/jpeg", buffer: photo }, title: "", text: "", url: "" },
    maxRedirects: 0,
    headers,
  });
  expect(response.status()).toBe(303);
  return response.headers().location ?? "";
}

/** A public sticker of the gallery: its page's path. */
async function galleryStickerPath(page: Page): Promise<string> {
  await page.goto("/stickers/latest");
  const card = page.getByRole("list", { name: "Latest stickers" }).getByRole("listitem").first();
  return (await card.getByRole("link").first().getAttribute("href")) ?? "";
}

test.describe("share a photo in from the phone's share sheet", () => {
  test("a photo posted to /share opens the create panel in picture mode with it loaded, and it makes a sticker", async ({
    page,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("sharer"));
    await shareFromSheet(page, await galleryPhoto());
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByRole("button", { name: "A picture", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Your shared photo is ready.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Make a pack from this photo" })).toBeVisible();
    await look(page, "share-in-ready");

    // The normal path from here: shrink, upload, Generate.
    const upload = page.waitForRequest((request) => request.url().endsWith("/api/aitask/submitGenerate"));
    await page.getByRole("button", { name: "Generate sticker" }).click();
    await upload;
    await expect(page.getByRole("heading", { name: "Your sticker is ready!" })).toBeVisible({ timeout: 90_000 });
    // Once a sticker started from it, the address forgets the shared photo.
    expect(new URL(page.url()).searchParams.get("shared")).toBeNull();
  });

  test("the same photo can start a pack of moods", async ({ page }) => {
    await page.goto("/");
    await shareFromSheet(page, await galleryPhoto());
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Make a pack from this photo" }).click();
    await expect(page.getByRole("button", { name: "Pack of moods" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible();
  });

  test("a visitor sees the photo, is asked to sign in, and comes back to the panel with the photo still there", async ({
    page,
  }) => {
    const location = await postShare(page, await galleryPhoto(), { "Accept-Language": "en-US" });
    expect(location).toMatch(/^\/\?shared=[a-z0-9]+-[a-f0-9]{32}$/);
    await page.goto(location);
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("You'll sign in when you generate, and the photo stays here.")).toBeVisible();
    await page.getByRole("button", { name: "Generate sticker" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
    await page.keyboard.press("Escape");

    // The mailed link brings the visitor back to this address, signed in.
    await signInByLink(page, uniqueEmail("shared-visitor"));
    await expect(page).toHaveURL(/\/\?shared=/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
    await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Generate sticker" })).toBeEnabled();
  });

  test("in Arabic the panel is mirrored and says the photo is ready", async ({ page }) => {
    const location = await postShare(page, await galleryPhoto(), { "Accept-Language": "ar" });
    expect(location).toMatch(/^\/ar\?shared=/);
    await page.goto(location);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByText("الصورة التي شاركتها جاهزة.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "اصنع حزمة من هذه الصورة" })).toBeVisible();
    await look(page, "share-in-arabic");
  });

  test("a file that is no picture lands on the panel with a clear reason; an expired or unknown id says the photo is gone", async ({
    page,
  }) => {
    await page.goto("/");
    await shareFromSheet(page, Buffer.from("just some notes, not a photo\n"), "text/plain", "notes.txt");
    await expect(page.getByRole("alert")).toContainText("The shared file can't be used.");
    await expect(page.getByRole("alert")).toContainText("Only PNG, JPEG and WebP pictures can be used.");
    await look(page, "share-in-refused");

    await page.goto("/?shared=kz0000-0123456789abcdef0123456789abcdef");
    await expect(page.getByText("That shared photo is no longer here")).toBeVisible();
    await expect(page.getByRole("img", { name: "The chosen picture" })).toHaveCount(0);
  });
});

test.describe("share a sticker out", () => {
  test("Share hands the sticker's WebP file itself to the share sheet, fetched only on the press", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { __shareCalls: calls });
      Object.defineProperty(navigator, "canShare", { configurable: true, value: () => true });
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          const files = await Promise.all(
            (data.files ?? []).map(async (file) => ({
              name: file.name,
              type: file.type,
              size: file.size,
              head: [...new Uint8Array(await file.slice(0, 12).arrayBuffer())],
            })),
          );
          calls.push({ title: data.title, url: data.url, files });
        },
      });
    });
    const path = await galleryStickerPath(page);
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/files/export/")) fetched.push(request.url());
    });
    await page.goto(path);
    expect(fetched).toEqual([]);
    await page.getByRole("list", { name: "Sticker actions" }).getByRole("button", { name: "Share" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shareCalls: unknown[] }).__shareCalls.length)).toBe(1);
    const [call] = await page.evaluate(
      () =>
        (
          window as unknown as {
            __shareCalls: { title: string; url: string; files: { name: string; type: string; size: number; head: number[] }[] }[];
          }
        ).__shareCalls,
    );
    expect(call!.files).toHaveLength(1);
    const [file] = call!.files;
    expect(file!.type).toBe("image/webp");
    expect(file!.name).toMatch(/\.webp$/);
    expect(file!.size).toBeGreaterThan(1000);
    // A real WebP: RIFF....WEBP.
    expect(Buffer.from(file!.head).toString("latin1")).toMatch(/^RIFF....WEBP$/s);
    expect(call!.url).toBe(new URL(path, page.url()).href);
    expect(fetched.some((url) => url.endsWith("/whatsapp.webp"))).toBe(true);
  });

  test("where files cannot be shared, Share copies the page's link", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
      Object.defineProperty(navigator, "canShare", { configurable: true, value: undefined });
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: { writeText: async (text: string) => Object.assign(window, { __copied: text }) },
      });
    });
    const path = await galleryStickerPath(page);
    await page.goto(path);
    await page.getByRole("list", { name: "Sticker actions" }).getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __copied: string }).__copied)).toBe(new URL(path, page.url()).href);
  });
});

test("Make my version opens the panel with the prompt and style, and the new sticker's page links back", async ({
  page,
  browser,
}) => {
  // Someone else's public text sticker (the gallery's latest may be anyone's photo sticker while other tests run).
  const maker = await (await browser.newContext()).newPage();
  await maker.goto("/");
  await signInByLink(maker, uniqueEmail("remix-source"));
  const sourceId = await makeOwnSticker(maker, "an owl reading a book");
  await maker.context().close();
  await page.goto("/");
  await signInByLink(page, uniqueEmail("remixer"));
  await page.goto(`/sticker/${sourceId}`);
  // The sticker's own address, with its name's slug, as links name it.
  const source = new URL((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "", page.url()).pathname;
  expect(source).toMatch(new RegExp(`^/sticker/${sourceId}/`));
  await page.goto(`${source}?styleId=2`);
  const name = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const prompt = (await page.getByRole("definition").first().textContent()) ?? "";
  await page.getByRole("link", { name: "Make my version" }).click();
  await expect(page).toHaveURL(/\/\?styleId=2$/);
  await expect(page.getByLabel("Describe your sticker")).toHaveValue(prompt);
  await expect(page.locator('input[name="style"]:checked')).toHaveValue("2");
  const notice = page.getByText("Your version of");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(name);
  await look(page, "remix-panel");

  await page.getByRole("button", { name: "Generate sticker" }).click();
  const outcome = page.getByRole("region", { name: "Your sticker is ready!" });
  await expect(outcome).toBeVisible({ timeout: 90_000 });
  await outcome.getByRole("link", { name: "Open" }).click();
  const remixOf = page.getByRole("main").getByText("Remix of");
  await expect(remixOf).toBeVisible();
  const back = remixOf.getByRole("link", { name });
  await expect(back).toHaveAttribute("href", source);
  await look(page, "remix-link");
  await back.click();
  await expect(page).toHaveURL(new RegExp(`${source}$`));
});
