import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { googleAnswers } from "./google-keys.ts";
import { signedCall } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// Each test signs in first (one with Google, one by e-mail), slow on shared cores.
test.setTimeout(120_000);

test.describe("the account button shows a face: the Google picture, from our own storage, or the display name's initial", () => {
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
