import { expect, test, withGoogleStandIn } from "./fixtures.ts";
import { signInByEmail, signInByLink } from "./session.ts";

test("an invite link pays the new user and the inviter once each, with the new user's first sticker (spec §1, §9)", async ({
  browser,
  page,
}, info) => {
  test.skip(
    info.project.name === "mobile",
    "the desktop header has the Get free credit button; the mobile menu is covered below",
  );
  test.slow(); // two people sign in by e-mail, one after the other, and one makes a sticker
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.goto("/");
  await signInByLink(page, `inviter-${stamp}@example.com`);
  await expect(page.getByRole("link", { name: "10 points" })).toBeVisible();
  await page.getByRole("button", { name: "Get free credit" }).click();
  const share = page.getByRole("dialog", { name: "Get free credit" });
  await expect(share.getByText("when they make their first sticker, you each get 20 points")).toBeVisible();
  await expect(share.getByText("You can earn this reward for up to 5 friends a day.")).toBeVisible();
  const link = share.getByLabel("Your invite link");
  await expect(link).toHaveValue(/\/invite\/[A-Z0-9]{8}$/);
  const inviteUrl = await link.inputValue();
  await expect(share.getByRole("link", { name: "Share on X" })).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(inviteUrl)),
  );
  await expect(share.getByRole("link")).toHaveCount(3);

  const friendContext = await browser.newContext();
  await withGoogleStandIn(friendContext);
  const friend = await friendContext.newPage();
  await friend.goto(inviteUrl);
  await expect(friend).toHaveURL(/\/$/);
  await signInByEmail(friend, friendContext, `friend-${stamp}@example.com`);
  // Signing up pays nothing yet: only the starting points.
  await expect(friend.getByRole("link", { name: "10 points" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: "10 points" })).toBeVisible();

  // The friend's first sticker (1 point) brings both rewards.
  await friend.getByLabel("Describe your sticker").fill("a parrot waving hello");
  await friend.getByRole("button", { name: "Generate sticker" }).click();
  await expect(friend.getByRole("heading", { name: "Your sticker is ready!" })).toBeVisible({ timeout: 60_000 });
  await friend.reload();
  await expect(friend.getByRole("link", { name: "29 points" })).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByRole("link", { name: "30 points" })).toBeVisible();
});

test("on a phone, Get free credit is in the account menu", async ({ page }, info) => {
  test.skip(info.project.name !== "mobile", "phone layout only");
  await page.goto("/");
  await signInByLink(page, `phone-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Get free credit" }).click();
  await expect(page.getByRole("dialog", { name: "Get free credit" }).getByLabel("Your invite link")).toHaveValue(/\/invite\//);
});
