import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { expect, test } from "./fixtures.ts";
import { makeOwnSticker } from "./page-calls.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/** "Download my data" and "Delete account" in the account menu (decision 0037). */
test.describe("your data is yours", () => {
  test("a user downloads their data as one zip from the account menu, then deletes the account: the dialog names what goes, the tab lands on the home page signed out, and the sticker's page is gone", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("mydata");
    await page.goto("/");
    await signInByLink(page, email);
    // Private: no other test's gallery page shows it, so its picture leaving storage cannot break theirs.
    const stickerInstId = await makeOwnSticker(page, "a sleepy cat on a cloud", "private");
    const stickerPath = `/sticker/${stickerInstId}`;
    await page.goto(stickerPath);
    await expect(page).toHaveURL(new RegExp(stickerPath));

    const menuButton = page.getByRole("banner").getByRole("button", { name: "Account menu" });
    await menuButton.click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sticker-studio-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "account.json",
        "payments.json",
        "ledger.json",
        "favourites.json",
        "stickers.json",
        "packs.json",
        `stickers/${stickerInstId}.png`,
      ]),
    );
    expect(JSON.parse(new TextDecoder().decode(files["account.json"])).email).toBe(email);
    await expect(page.getByText(/^Your data is downloaded: sticker-studio-data-/)).toBeVisible();

    // The menu stayed open while the archive came (the item said how far it was); the deletion is next to it.
    await page.getByRole("menuitem", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByText("1 sticker, from the gallery, search and every pack")).toBeVisible();
    await expect(dialog.getByText("0 packs")).toBeVisible();
    await expect(dialog.getByText("your sign-in on every device")).toBeVisible();
    // The address sits in the label as an isolated run (it reads left to right in any language).
    const confirm = dialog.getByLabel(/^To confirm, type/);
    await expect(confirm).toHaveAccessibleName(new RegExp(email.replace(/[.+]/g, "\\$&")));
    const remove = dialog.getByRole("button", { name: "Delete my account" });
    await expect(remove).toBeDisabled();
    await confirm.fill("not-my-address@example.com");
    await expect(remove).toBeDisabled();
    await confirm.fill(email.toUpperCase());
    await expect(remove).toBeEnabled();
    await remove.click();

    await expect(page.getByText("Your account has been deleted. Thank you for making stickers with us.")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(menuButton).toHaveCount(0);

    // The sticker's page is gone: its former owner, now signed out, meets the page-not-found page.
    await page.goto(stickerPath);
    await expect(page).toHaveURL(/\/notAvailable$/);
  });
});
