import { expect, test, withGoogleStandIn } from "./fixtures.ts";
import { signInByEmail } from "./session.ts";

test("an invite link credits the new user and the inviter once each (spec §1, §9)", async ({ browser, page, context }, info) => {
  test.skip(
    info.project.name === "mobile",
    "the desktop header has the Get free credit button; the mobile menu is covered below",
  );
  test.slow(); // two people sign in by e-mail, one after the other
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.goto("/");
  await signInByEmail(page, context, `inviter-${stamp}@example.com`);
  await expect(page.getByRole("link", { name: "10 points" })).toBeVisible();
  await page.getByRole("button", { name: "Get free credit" }).click();
  const share = page.getByRole("dialog", { name: "Get free credit" });
  await expect(share.getByText("you each get 20 points")).toBeVisible();
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
  await expect(friend.getByRole("link", { name: "30 points" })).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByRole("link", { name: "30 points" })).toBeVisible();
});

test("on a phone, Get free credit is in the account menu", async ({ page, context }, info) => {
  test.skip(info.project.name !== "mobile", "phone layout only");
  await page.goto("/");
  await signInByEmail(page, context, `phone-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Get free credit" }).click();
  await expect(page.getByRole("dialog", { name: "Get free credit" }).getByLabel("Your invite link")).toHaveValue(/\/invite\//);
});
