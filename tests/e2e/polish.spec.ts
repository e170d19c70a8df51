import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page, Route } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { googleAnswers } from "./google-keys.ts";
import { signedCall } from "./page-calls.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// Photo tasks run a real job through the queue and the generator process.
test.setTimeout(120_000);

/** Screenshots to look at (1280 and 390 px, by project), kept with the run's results. */
async function look(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: false });
}

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
        IFD0: { Make: "PolishPhone", Model: "P-24", Copyright: "camera-owner-mark" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2964/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 17/1 4020/100" },
      },
    })
    .toBuffer();
}

/** The bytes of the multipart body's `file` part. */
/**
 * Jumps the page's clock (`page.clock`, installed before the page loaded) 5 s at a time until `check`
 * passes, instead of waiting out the page's own timers: the subscription's scheduled reads (2, 5, 10 s,
 * then every 15 s, decision 0029) or the look for a task an unfinished upload may have started.
 */
async function skipAheadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.fastForward(5_000);
    await check();
  }).toPass({ timeout: 40_000 });
}

function filePartOf(body: Buffer, contentType: string): Buffer {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? "";
  const start = body.indexOf('name="file"');
  const dataStart = body.indexOf("\r\n\r\n", start) + 4;
  const dataEnd = body.indexOf(Buffer.from(`\r\n--${boundary}`), dataStart);
  return body.subarray(dataStart, dataEnd);
}

const pictureMode = (page: Page) => page.getByRole("button", { name: "A picture" }).click();

test.describe("photos from phones (issue 18)", () => {
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
    expect(file.includes("PolishPhone")).toBe(false);
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

/** Holds the subscription reads between `hold()` and `release()`: the pricing states while it is slow. */
async function subscriptionGate(page: Page) {
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  await page.route("**/api/user/subscribe", async (route: Route) => {
    if (gate) await gate;
    await route.continue();
  });
  return {
    hold: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      gate = null;
      open();
    },
  };
}

/** Signs in and starts the annual plan's trial through the payments sandbox: a subscriber. */
async function subscriber(page: Page, context: BrowserContext) {
  await page.goto("/");
  await signInByLink(page, uniqueEmail("member"));
  const checkoutUrl = await signedCall<string>(page, "POST", "/api/subscribe", {
    plan: 1,
    successPage: "/rechargeSuccess",
    errorPage: "/rechargeSuccess",
  });
  const checkout = await context.newPage();
  await checkout.goto(checkoutUrl);
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(checkout).toHaveURL(/\/rechargeSuccess\?status=success/);
  await checkout.close();
}

const card = (scope: ReturnType<Page["locator"]>, name: string) =>
  scope.getByRole("listitem").filter({ has: scope.page().getByRole("heading", { name, exact: true }) });

test.describe("no wrong state while loading (issue 18)", () => {
  test("a subscriber never sees the trial offer nor an enabled button for their plan while the subscription is slow", async ({
    page,
    context,
  }) => {
    test.slow();
    await subscriber(page, context);
    const slow = await subscriptionGate(page);
    slow.hold();
    await page.goto("/");
    const area = page.locator("#pricing");
    await area.scrollIntoViewIfNeeded();
    await expect(area.getByTestId("price-loading")).toHaveCount(3);
    await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(3);
    for (const button of await area.getByRole("listitem").getByRole("button").all()) await expect(button).toBeDisabled();
    await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await expect(area.getByText("$1", { exact: false })).toHaveCount(0);
    await area.getByRole("heading", { name: "Annual" }).scrollIntoViewIfNeeded();
    await look(page, "pricing-loading-home");
    slow.release();
    await expect(card(area, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();
    await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await expect(area.getByTestId("price-loading")).toHaveCount(0);

    // The points window: the same while its own read is slow.
    slow.hold();
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("sticker:request-points", { detail: {} })));
    const dialog = page.getByRole("dialog", { name: "Plans and points" });
    await expect(dialog.getByTestId("price-loading")).toHaveCount(3);
    for (const button of await dialog.getByRole("listitem").getByRole("button").all()) await expect(button).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await look(page, "pricing-loading-window");
    slow.release();
    await expect(card(dialog.locator(":scope"), "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
  });

  test("a new user's cards wait for the read too, then offer the trial", async ({ page }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("newbie"));
    const slow = await subscriptionGate(page);
    slow.hold();
    await page.goto("/");
    const area = page.locator("#pricing");
    await area.scrollIntoViewIfNeeded();
    await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(3);
    await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    slow.release();
    await expect(card(area, "Annual").getByRole("button", { name: "Start free trial" })).toBeEnabled();
    await expect(card(area, "Free").getByRole("button", { name: "Current plan" })).toBeDisabled();

    // The same wait in Arabic (right to left).
    slow.hold();
    await page.goto("/ar");
    const arabic = page.locator("#pricing");
    await arabic.scrollIntoViewIfNeeded();
    await expect(arabic.getByTestId("price-loading")).toHaveCount(3);
    await expect(arabic.getByRole("button", { name: "جارٍ تحميل خطتك…" })).toHaveCount(3);
    await arabic.getByTestId("price-loading").first().scrollIntoViewIfNeeded();
    await look(page, "pricing-loading-ar");
    slow.release();
    await expect(arabic.getByTestId("price-loading")).toHaveCount(0);
  });
});

test.describe("plans when the subscription cannot be read (decision 0029)", () => {
  test("a new user's cards stop waiting after the scheduled reads fail: Free is current, paid plans can be chosen, no trial offer is promised", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("unread"));
    await page.route("**/api/user/subscribe", (route) => route.abort("internetdisconnected"));
    await page.clock.install();
    await page.goto("/");
    const area = page.locator("#pricing");
    await area.scrollIntoViewIfNeeded();
    await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(3);
    await skipAheadUntil(page, () =>
      expect(card(area, "Free").getByRole("button", { name: "Current plan" })).toBeDisabled({ timeout: 1_000 }),
    );
    await expect(card(area, "Annual").getByRole("button", { name: "Choose plan" })).toBeEnabled();
    await expect(card(area, "Monthly").getByRole("button", { name: "Choose plan" })).toBeEnabled();
    await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(0);
    await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await expect(area.getByTestId("price-loading")).toHaveCount(0);
    await look(page, "pricing-unread-new-user");
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("ERR_INTERNET_DISCONNECTED")));
  });

  test("a subscriber whose plan cannot be read is offered the switch to free, never their paid plan, and the cards catch up once the read answers", async ({
    page,
    context,
    consoleErrors,
  }) => {
    test.slow();
    await subscriber(page, context);
    await page.route("**/api/user/subscribe", (route) => route.abort("internetdisconnected"));
    await page.clock.install();
    await page.goto("/");
    const area = page.locator("#pricing");
    await area.scrollIntoViewIfNeeded();
    await skipAheadUntil(page, () =>
      expect(card(area, "Free").getByRole("button", { name: "Switch to free" })).toBeEnabled({ timeout: 1_000 }),
    );
    for (const name of ["Annual", "Monthly"]) {
      await expect(card(area, name).getByRole("button")).toBeDisabled();
    }
    await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await expect(area.getByTestId("price-loading")).toHaveCount(0);
    // The read goes on in the background: once it answers, the annual plan shows as current.
    await page.unroute("**/api/user/subscribe");
    await skipAheadUntil(page, () =>
      expect(card(area, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled({ timeout: 1_000 }),
    );
    await expect(card(area, "Monthly").getByRole("button", { name: "Switch to monthly" })).toBeEnabled();
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("ERR_INTERNET_DISCONNECTED")));
  });
});

test.describe("faces (issue 18)", () => {
  let pictures: Server;
  let pictureOrigin: string;
  const pictureHits: string[] = [];

  test.beforeAll(async () => {
    const face = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#c0392b" } })
      .jpeg()
      .toBuffer();
    // Google's picture host, stood in for on loopback (the app runs in local mode, where http to this machine is allowed).
    pictures = createServer((request, response) => {
      pictureHits.push(request.url ?? "");
      response.writeHead(200, { "Content-Type": "image/jpeg" });
      response.end(face);
    });
    await new Promise<void>((resolve) => pictures.listen(0, "127.0.0.1", resolve));
    pictureOrigin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => pictures.close(resolve));
  });

  test("the Google picture shows in the header from our own storage, never from Google", async ({ page }) => {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const picture = `${pictureOrigin}/a/face-${stamp}=s96-c`;
    await googleAnswers(page, { sub: `face-${stamp}`, email: `face-${stamp}@example.com`, email_verified: true, picture });
    const browserAsked: string[] = [];
    page.on("request", (request) => browserAsked.push(request.url()));
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("checkbox").check();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/googleLogin"));
    await dialog.getByRole("button", { name: "Sign in with Google" }).click();
    const info = (await (await answered).json()).data as { avatar: { path: string } | null };
    expect(info.avatar?.path).toMatch(/^\/files\/avatar-[a-f0-9]{40}\.webp$/);
    await dialog.getByRole("button", { name: "Close" }).click();
    const avatar = page.getByRole("banner").getByRole("button", { name: "Account menu" }).locator("img");
    await expect(avatar).toHaveAttribute("src", info.avatar?.path ?? "");
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(128);
    expect(pictureHits).toContain(`/a/face-${stamp}=s96-c`);
    expect(browserAsked.filter((url) => url.startsWith(pictureOrigin))).toEqual([]);
    await look(page, "avatar-header");

    // Signed in, a dead end offers the way home only.
    await page.goto("/notAvailable");
    await expect(page.getByRole("main").getByRole("link", { name: "Back to home" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Sign in" })).toHaveCount(0);
  });

  test("an e-mail user keeps the initial of their display name", async ({ page }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("initial"));
    const button = page.getByRole("banner").getByRole("button", { name: "Account menu" });
    // A generated name (decision 0036), never the address's: its first letter, not the address's "i".
    const { nick } = await signedCall<{ nick: string }>(page, "GET", "/api/user/refreshUserInfo", {});
    await expect(button).toHaveText(nick.charAt(0).toUpperCase());
    await expect(button.locator("img")).toHaveCount(0);
  });
});

test.describe("ways back (issue 18)", () => {
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

test.describe("the language of a prefixed link is remembered (issue 18)", () => {
  test("a visitor who arrives through /fr/… comes back to French at /", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/fr/pricing");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("fr");
    await page.goto("/");
    await expect(page).toHaveURL(/\/fr$/);
    await context.close();
  });

  test("a visitor whose browser asks for German who arrives through /en/… stays in English at /", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/en/pricing");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page).not.toHaveURL(/\/de/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});
