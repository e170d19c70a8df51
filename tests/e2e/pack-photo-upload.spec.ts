/**
 * A pack of moods from a photo uploads as a single sticker's photo does (decision 0029): its progress
 * shows, it carries an upload id, and a lost answer finds the pack the server made instead of failing
 * or making (and paying for) a second one.
 */
import type { Page, Request } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { signedCall } from "./page-calls.ts";
import { skipAheadUntil } from "./page-clock.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// Each pack runs one real job per mood through the queue and the generator process.
test.setTimeout(150_000);

/** Two moods of the chooser's first eight: a pack a new account's 10 points pay for (2 × 2 points). */
const KEPT = ["Happy", "Sad"];
const DROPPED = ["Love", "Laughing", "Angry", "Sleeping", "Surprised", "Thumbs up"];
const NOT_STARTED = "The upload didn't finish, so no pack was started and no points were taken. Please try again.";

/** Signs a new user in and sets the panel to a pack of two moods from `photo`. */
async function photoPackOfTwo(page: Page, who: string, photo: Buffer) {
  await page.goto("/");
  await signInByLink(page, uniqueEmail(who));
  await page.getByRole("button", { name: "Pack of moods" }).click();
  await page.getByRole("button", { name: "A picture" }).click();
  const chooser = page.getByRole("group", { name: "Moods, one sticker each" });
  // Each chip is a visually hidden checkbox in its label: Space on the focused one toggles it.
  for (const mood of DROPPED) {
    const chip = chooser.getByRole("checkbox", { name: mood, exact: true });
    await chip.focus();
    await page.keyboard.press("Space");
    await expect(chip).not.toBeChecked();
  }
  for (const mood of KEPT) await expect(chooser.getByRole("checkbox", { name: mood, exact: true })).toBeChecked();
  await page.getByLabel("Choose a picture").setInputFiles({ name: `${who}.png`, mimeType: "image/png", buffer: photo });
  await expect(page.getByRole("img", { name: "The chosen picture" })).toBeVisible();
  await expect(page.getByText("Stickers: 2 · Points: 4")).toBeVisible();
}

async function photo(background: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .composite([{ input: Buffer.from('<svg width="320" height="240"><circle cx="160" cy="120" r="70" fill="#8a5a3c"/></svg>') }])
    .png()
    .toBuffer();
}

function uploadIdOf(request: Request): string {
  return /name="uploadId"\r\n\r\n([^\r]+)/.exec(request.postDataBuffer()?.toString("latin1") ?? "")?.[1] ?? "";
}

/** The signed-in user's packs, as /api/pack/mine lists them. */
async function myPackIds(page: Page): Promise<string[]> {
  const mine = await signedCall<{ list: { packId: string }[] }>(page, "GET", "/api/pack/mine", {});
  return mine.list.map((pack) => pack.packId);
}

/** Holds a route's requests between `hold` (at once) and `release()`. */
function gate() {
  let open: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, release: () => open() };
}

test("a photo pack whose answer is lost finds the pack the server made, shows its progress and is paid once", async ({
  page,
  consoleErrors,
}) => {
  await photoPackOfTwo(page, "pack-lost", await photo("#e9d8c4"));
  // The server gets the whole upload and makes the pack; the page never hears back. Both the upload
  // and the page's look for the pack are held a moment, so what the page says meanwhile can be seen.
  const upload = gate();
  const lookUp = gate();
  const sent: Request[] = [];
  await page.route("**/api/pack/makeFromImage", async (route) => {
    sent.push(route.request());
    await upload.closed;
    await route.fetch();
    await route.abort("connectionreset");
  });
  const looks: string[] = [];
  await page.route("**/api/pack/byUpload**", async (route) => {
    looks.push(new URL(route.request().url()).searchParams.get("uploadId") ?? "");
    await lookUp.closed;
    await route.continue();
  });

  await page.getByRole("button", { name: "Make the pack" }).click();
  await expect(page.getByRole("progressbar", { name: /^Uploading… \d+%$/ })).toBeVisible();
  await look(page, "pack-photo-uploading");
  upload.release();
  const checking = page.getByRole("button", { name: "Checking whether your pack started…" });
  await expect(checking).toBeVisible();
  // The longer words wrap inside the button on a phone instead of spilling out of it.
  expect(await checking.evaluate((button) => button.scrollHeight <= button.clientHeight)).toBe(true);
  await look(page, "pack-photo-checking");
  lookUp.release();

  const progress = page.getByTestId("pack-progress");
  await expect(progress).toBeVisible();
  await expect(progress.locator("li[data-mood]")).toHaveCount(2);
  await expect(page.getByTestId("pack-ready")).toHaveText("2 of 2 ready", { timeout: 120_000 });
  await expect(progress.getByRole("img", { name: "Photo sticker · Happy" })).toBeVisible();
  await look(page, "pack-photo-found");
  await expect(page.getByRole("alert")).toHaveCount(0);
  // One upload, with its id, looked up by that id; one pack; two stickers' price taken once (10 − 4).
  expect(sent).toHaveLength(1);
  expect(uploadIdOf(sent[0] as Request)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(looks[0]).toBe(uploadIdOf(sent[0] as Request));
  const packIds = await myPackIds(page);
  expect(packIds).toHaveLength(1);
  await expect(progress.getByRole("link", { name: "Open the pack" })).toHaveAttribute("href", `/pack/${packIds[0]}`);
  await expect(page.getByRole("banner").getByRole("link", { name: "6 points" })).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("ERR_CONNECTION_RESET")));
});

test("a photo pack whose upload never reached the server says no pack was started and no points were taken", async ({
  page,
  consoleErrors,
}) => {
  // The page's clock, to skip the waits of its look for a pack the server may have started.
  await page.clock.install();
  await photoPackOfTwo(page, "pack-dropped", await photo("#c4d8e9"));
  await page.route("**/api/pack/makeFromImage", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Make the pack" }).click();
  await expect(page.getByRole("button", { name: "Checking whether your pack started…" })).toBeVisible();
  await skipAheadUntil(page, () => expect(page.getByRole("alert")).toHaveText(NOT_STARTED, { timeout: 1_000 }));
  await page.getByRole("alert").scrollIntoViewIfNeeded();
  await look(page, "pack-photo-not-started");
  expect(await myPackIds(page)).toEqual([]);
  await expect(page.getByRole("banner").getByRole("link", { name: "10 points" })).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("ERR_INTERNET_DISCONNECTED")));
});

test("a photo pack the server made after the page said nothing started is followed, not paid again, when the same photo is sent again", async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install();
  await photoPackOfTwo(page, "pack-late", await photo("#d8e9c4"));
  // The server takes the upload, but the page hears nothing back and cannot reach it to look.
  const sent: Request[] = [];
  await page.route("**/api/pack/makeFromImage", async (route) => {
    sent.push(route.request());
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.route("**/api/pack/byUpload**", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Make the pack" }).click();
  await expect(page.getByRole("button", { name: "Checking whether your pack started…" })).toBeVisible();
  await skipAheadUntil(page, () => expect(page.getByRole("alert")).toHaveText(NOT_STARTED, { timeout: 1_000 }));
  const [made] = await myPackIds(page);
  expect(made).toBeDefined();

  // Trying again with the same photo sends the same upload id: the server answers the pack it made.
  await page.unroute("**/api/pack/byUpload**");
  await page.unroute("**/api/pack/makeFromImage");
  const again = page.waitForRequest((request) => request.url().endsWith("/api/pack/makeFromImage"));
  await page.getByRole("button", { name: "Make the pack" }).click();
  expect(sent).toHaveLength(1);
  expect(uploadIdOf(await again)).toBe(uploadIdOf(sent[0] as Request));
  await expect(page.getByTestId("pack-ready")).toHaveText("2 of 2 ready", { timeout: 120_000 });
  await expect(page.getByTestId("pack-progress").getByRole("link", { name: "Open the pack" })).toHaveAttribute(
    "href",
    `/pack/${made}`,
  );
  expect(await myPackIds(page)).toEqual([made]);
  // Two photo stickers' price (2 × 2 of the 10 starting points), taken once.
  await expect(page.getByRole("banner").getByRole("link", { name: "6 points" })).toBeVisible();
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((text) => !text.includes("ERR_CONNECTION_RESET") && !text.includes("ERR_INTERNET_DISCONNECTED")),
  );
});
