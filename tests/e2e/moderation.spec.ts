import { type ChildProcess, spawn } from "node:child_process";
import type { Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import ar from "#common/i18n/locales/ar.json" with { type: "json" };
import en from "#common/i18n/locales/en.json" with { type: "json" };
import zh from "#common/i18n/locales/zh.json" with { type: "json" };
import * as schema from "#server/db/schema.ts";
import { moderationActions, packReports, packStickers, packs, reports, stickers, stickerTags, users } from "#server/db/schema.ts";
import { grantRole } from "#server/moderation/grant-role.ts";
import { maskEmail } from "#server/moderation/staff.ts";
import { createPostgresDatabase } from "../support/postgres-database.ts";
import { expect, test } from "./fixtures.ts";
import { E2E_PORT } from "./google-keys.ts";
import { SMTP_PORT } from "./mail-sink.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/**
 * Reports and the moderation desk in the browser (decision 0031). Staff roles are granted only by the
 * script's function on the app's database, so this file runs its own app on a PostgreSQL database it
 * can reach (TEST_DATABASE_URL), one per project; without it the file is skipped.
 */
const base = process.env.TEST_DATABASE_URL;
test.skip(!base, "needs TEST_DATABASE_URL: roles are granted on the app's database");
test.describe.configure({ mode: "serial" });

const catalogs = { en, zh, ar } as const;
type Lang = keyof typeof catalogs;
const prefix = (lang: Lang) => (lang === "en" ? "" : `/${lang}`);

let server: ChildProcess | undefined;
let pool: pg.Pool | undefined;
let origin = "";
const db = () => drizzle(pool as pg.Pool, { schema });

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern (none).
test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  const port = E2E_PORT + 20 + info.parallelIndex + (info.project.name === "mobile" ? 5 : 0);
  origin = `http://localhost:${port}`;
  const database = await createPostgresDatabase(base as string, `sticker_e2e_moderation_${port}`, { replace: true });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  server = spawn("node", ["scripts/start.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: `./data/e2e-moderation-${port}`,
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      // The run's build (made before the first web server): a rebuild now would swap the assets under the others.
      BUILD_CHECK: "off",
      SEED_GALLERY_SIZE: "12",
      SEED_PACKS: "false",
      PUBLIC_LIST_CACHE_SECONDS: "0",
      PAGE_CACHE_SECONDS: "0",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "Sticker Studio <no-reply@localhost>",
      EMAIL_LINK_CLIENT_LIMIT: "1000",
    },
  });
  for (let attempt = 0; ; attempt += 1) {
    const ready = await fetch(`${origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (attempt > 400) throw new Error("the moderation app did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await pool?.end();
});

/** The gallery's stickers, newest first (seeded, no owner). */
async function galleryStickers(): Promise<{ id: number; stickerInstId: string }[]> {
  return db()
    .select({ id: stickers.id, stickerInstId: stickers.stickerInstId })
    .from(stickers)
    .where(sql`${stickers.hiddenAt} is null and ${stickers.visibility} = 'public'`)
    .orderBy(sql`${stickers.id} desc`);
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** `count` reports by made-up users (rows only), so a sticker is in the desk's queue. */
async function reportedBy(stickerId: number, count: number, note = "") {
  for (let i = 0; i < count; i += 1) {
    const [user] = await db()
      .insert(users)
      .values({ email: `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com` })
      .returning({ id: users.id });
    await db()
      .insert(reports)
      .values({ stickerId, reporterId: user!.id, reason: i % 2 ? "hate" : "spam", note: i === 0 ? note : "" });
  }
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `test-results/moderation-${name}-${project}.png`, fullPage: true });
}

for (const [index, lang] of (["en", "zh", "ar"] as const).entries()) {
  test(`a signed-in user reports someone else's sticker once; a second report says it was already reported (${lang})`, async ({
    page,
  }, info) => {
    test.slow(); // signs in by e-mail
    const t = catalogs[lang];
    const gallery = await galleryStickers();
    const sticker = gallery[index + (info.project.name === "mobile" ? 3 : 0)]!;
    await page.goto(`${origin}${prefix(lang)}/sticker/${sticker.stickerInstId}`);
    // A visitor is asked to sign in first.
    await page.getByRole("button", { name: t.report.button, exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    // Signing in reads the English dialog: /en/… brings this visitor back to English, since a prefixed
    // visit is remembered (decision 0029).
    await page.goto(`${origin}/en/sticker/${sticker.stickerInstId}`);
    await signInByLink(page, uniqueEmail(`rep${lang}`));
    await page.goto(`${origin}${prefix(lang)}/sticker/${sticker.stickerInstId}`);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");

    await page.getByRole("button", { name: t.report.button, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: t.report.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("radio", { name: t.report.reason.spam }).check();
    await dialog.getByLabel(t.report.noteLabel).fill("buy followers here");
    await shot(page, `report-dialog-${lang}`, info.project.name);
    const sent = page.waitForResponse((response) => response.url().endsWith("/api/sticker/report"));
    await dialog.getByRole("button", { name: t.report.submit }).click();
    expect((await (await sent).json()).status).toBe(200);
    await expect(page.getByText(t.report.sent)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: t.report.button, exact: true }).click();
    const again = page.getByRole("dialog", { name: t.report.title });
    await again.getByRole("radio", { name: t.report.reason.other }).check();
    await again.getByRole("button", { name: t.report.submit }).click();
    await expect(again.getByText(t.report.already)).toBeVisible();
    await shot(page, `report-already-${lang}`, info.project.name);
    const stored = await db().select().from(reports).where(eq(reports.stickerId, sticker.id));
    expect(stored.filter((row) => row.note === "buy followers here")).toHaveLength(1);
  });
}

test("a moderator hides, restores, picks and bans on /admin with the keyboard; visitors see each change; the audit log shows it all", async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "the keyboard flow runs once; the phone sees the desk in the next test");
  test.slow();
  const [toHide, toPick, ofRogue] = (await galleryStickers()).slice(6, 9) as { id: number; stickerInstId: string }[];
  await reportedBy(toHide!.id, 2, "looks like spam");
  const rogueEmail = uniqueEmail("rogue");
  const [rogue] = await db().insert(users).values({ email: rogueEmail }).returning({ id: users.id });
  await db().update(stickers).set({ ownerId: rogue!.id }).where(eq(stickers.id, ofRogue!.id));
  await reportedBy(ofRogue!.id, 1);

  // Before the role: the desk is a plain 404.
  const email = uniqueEmail("mod");
  await page.goto(`${origin}/`);
  await signInByLink(page, email);
  expect((await page.goto(`${origin}/admin`))?.status()).toBe(404);
  expect(await grantRole(db(), { email, role: "moderator" })).toBe(await userIdOf(email));

  await page.goto(`${origin}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: en.admin.title })).toBeVisible();
  await shot(page, "desk-en", info.project.name);
  const item = page
    .getByRole("article", { name: /./ })
    .filter({ has: page.locator(`a[href$="/sticker/${toHide!.stickerInstId}"]`) });
  await expect(item.getByText("looks like spam")).toBeVisible();
  // Hide: type a note, Tab to "Hide", Enter.
  await item.getByLabel(en.admin.note).focus();
  await page.keyboard.type("confirmed spam");
  await page.keyboard.press("Tab");
  await expect(item.getByRole("button", { name: en.admin.hide })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(item).toBeHidden();
  await expect
    .poll(async () => (await db().select().from(stickers).where(eq(stickers.id, toHide!.id)))[0]?.hiddenReason)
    .toBe("moderator");
  // A visitor (no session) now meets the page-not-found page at the hidden sticker's address.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${origin}/sticker/${toHide!.stickerInstId}`);
  await expect(visitorPage).toHaveURL(/\/notAvailable$/);

  // Restore through "Act on any sticker": the id (or the sticker's address), then Tab to Restore.
  const any = page.getByRole("region", { name: en.admin.bySticker });
  await expect(any.getByRole("button", { name: en.admin.restore })).toBeEnabled();
  await any.getByLabel(en.admin.stickerField).focus();
  await page.keyboard.type(`${origin}/sticker/${toHide!.stickerInstId}`);
  for (let i = 0; i < 5; i += 1) await page.keyboard.press("Tab");
  await expect(any.getByRole("button", { name: en.admin.restore })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await db().select().from(stickers).where(eq(stickers.id, toHide!.id)))[0]?.hiddenAt).toBeNull();

  // Pick: Enter in the field submits with the form's first button, "Pick for explore".
  await expect(any.getByRole("button", { name: en.admin.pick })).toBeEnabled();
  await any.getByLabel(en.admin.stickerField).fill(toPick!.stickerInstId);
  await any.getByLabel(en.admin.stickerField).press("Enter");
  await expect
    .poll(async () =>
      // Its list tags (subject tags, ids from 1000, come along since decision 0030).
      (await db().select().from(stickerTags).where(eq(stickerTags.stickerId, toPick!.id)))
        .map((row) => row.tagId)
        .filter((tagId) => tagId < 1000)
        .sort(),
    )
    .toEqual([1, 2]);
  // The visitor finds the restored sticker again, and the picked one in explore.
  await visitorPage.goto(`${origin}/sticker/${toHide!.stickerInstId}`);
  await expect(visitorPage).toHaveURL(new RegExp(`/sticker/${toHide!.stickerInstId}`));
  await visitorPage.goto(`${origin}/stickers/explore`);
  await expect(visitorPage.locator(`a[href*="/sticker/${toPick!.stickerInstId}"]`).first()).toBeVisible();
  await visitor.close();

  // Ban the owner of a reported sticker: Tab from the note past "Hide" (and "Remove from explore" on
  // a seeded explore sticker) to "Ban owner".
  // A moderator reads the owner's address masked (decision 0035).
  const rogueItem = page.getByRole("article").filter({ has: page.locator(`a[href$="/sticker/${ofRogue!.stickerInstId}"]`) });
  await expect(rogueItem.getByText(maskEmail(rogueEmail))).toBeVisible();
  await expect(page.getByText(rogueEmail)).toHaveCount(0);
  // The desk's buttons are disabled while an action and the page's reload run: wait for them.
  await expect(rogueItem.getByRole("button", { name: en.admin.ban })).toBeEnabled();
  const stops = 2 + (await rogueItem.getByRole("button", { name: en.admin.unpick }).count());
  await rogueItem.getByLabel(en.admin.note).focus();
  for (let i = 0; i < stops; i += 1) await page.keyboard.press("Tab");
  await expect(rogueItem.getByRole("button", { name: en.admin.ban })).toBeFocused();
  await page.keyboard.press("Enter");
  const banned = page.getByRole("region", { name: en.admin.banned });
  await expect(banned.getByText(maskEmail(rogueEmail)).first()).toBeVisible();
  await expect
    .poll(async () => (await db().select().from(stickers).where(eq(stickers.id, ofRogue!.id)))[0]?.hiddenReason)
    .toBe("ban");

  await page.getByRole("link", { name: en.admin.log }).click();
  await expect(page.getByRole("heading", { level: 2, name: en.admin.log })).toBeVisible();
  const rows = page.getByRole("row");
  for (const action of ["hide", "restore", "pick", "ban"] as const) {
    await expect(rows.filter({ hasText: en.admin.action[action] }).first()).toBeVisible();
  }
  await expect(rows.filter({ hasText: "confirmed spam" })).toHaveCount(1);
  await shot(page, "log-en", info.project.name);
  const logged = await db()
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.actorId, await userIdOf(email)));
  expect(logged.map((row) => row.action).sort()).toEqual(["ban", "hide", "pick", "restore"]);
});

test("the desk reads in Chinese and Arabic (RTL) at this width", async ({ page }, info) => {
  test.slow();
  const email = uniqueEmail("desk");
  await page.goto(`${origin}/`);
  await signInByLink(page, email);
  await grantRole(db(), { email, role: "moderator" });
  const [sticker] = (await galleryStickers()).slice(10, 11);
  await reportedBy(sticker!.id, 1, "测试 · اختبار");
  for (const lang of ["zh", "ar"] as const) {
    await page.goto(`${origin}/${lang}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: catalogs[lang].admin.title })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.getByRole("button", { name: catalogs[lang].admin.hide }).first()).toBeVisible();
    await shot(page, `desk-${lang}`, info.project.name);
    await page.goto(`${origin}/${lang}/admin/log`);
    await expect(page.getByRole("heading", { level: 2, name: catalogs[lang].admin.log })).toBeVisible();
  }
});

test("staff open what they moderate from the desk: a reported sticker its owner made private and one hidden by reports show with the staff notice, the owner's address masked", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "one run proves the pages; the phone reads the desk in the test above");
  test.slow();
  // The two oldest gallery stickers nobody has reported yet (the tests above take the newest ones).
  const [madePrivate, hiddenByReports] = await db()
    .select({ id: stickers.id, stickerInstId: stickers.stickerInstId })
    .from(stickers)
    .where(
      sql`${stickers.ownerId} is null and ${stickers.hiddenAt} is null and not exists (select 1 from reports r where r.sticker_id = ${stickers.id})`,
    )
    .orderBy(stickers.id)
    .limit(2);
  const ownerEmail = uniqueEmail("dave");
  const [owner] = await db().insert(users).values({ email: ownerEmail }).returning({ id: users.id });
  for (const sticker of [madePrivate!, hiddenByReports!]) {
    await db().update(stickers).set({ ownerId: owner!.id }).where(eq(stickers.id, sticker.id));
    await reportedBy(sticker.id, 1);
  }
  await db().update(stickers).set({ visibility: "private" }).where(eq(stickers.id, madePrivate!.id));
  await db().update(stickers).set({ hiddenAt: new Date(), hiddenReason: "reports" }).where(eq(stickers.id, hiddenByReports!.id));

  const email = uniqueEmail("staff");
  await page.goto(`${origin}/`);
  await signInByLink(page, email);
  await grantRole(db(), { email, role: "moderator" });
  for (const [sticker, state] of [
    [madePrivate!, en.admin.madePrivate],
    [hiddenByReports!, en.admin.hiddenBy.reports],
  ] as const) {
    await page.goto(`${origin}/admin`);
    const item = page.getByRole("article").filter({ has: page.locator(`a[href$="/sticker/${sticker.stickerInstId}"]`) });
    await expect(item.getByText(state)).toBeVisible();
    await expect(item.getByText(maskEmail(ownerEmail))).toBeVisible();
    await expect(page.getByText(ownerEmail)).toHaveCount(0);
    // The desk's thumbnail loads for staff.
    await expect.poll(() => item.getByRole("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await item.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/sticker/${sticker.stickerInstId}`));
    await expect(page.getByRole("note").filter({ hasText: en.report.staffNotice })).toBeVisible();
    await expect
      .poll(() =>
        page
          .getByRole("main")
          .getByRole("img")
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await shot(page, `staff-view-${sticker.stickerInstId}`, info.project.name);
  }
});

test("a pack page's Report button files a pack report once; the desk lists it under reported packs and a moderator hides the pack, which then opens for staff only", async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "the pack page's layout is unchanged; one run proves the flow");
  test.slow();
  const [sticker] = await galleryStickers();
  const ownerEmail = uniqueEmail("packer");
  const [owner] = await db().insert(users).values({ email: ownerEmail, nick: "Packer" }).returning({ id: users.id });
  const packId = `e2epack${Date.now().toString(36)}`;
  const [pack] = await db()
    .insert(packs)
    .values({ packId, ownerId: owner!.id, name: "Followers for sale", visibility: "public" })
    .returning({ id: packs.id });
  await db()
    .insert(packStickers)
    .values({ packId: pack!.id, stickerId: sticker!.id, position: 0, emoji: ["🤑"] });

  const email = uniqueEmail("packrep");
  await page.goto(`${origin}/pack/${packId}`);
  await signInByLink(page, email);
  await page.getByRole("button", { name: en.report.button, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: en.report.packTitle });
  await dialog.getByRole("radio", { name: en.report.reason.spam }).check();
  await dialog.getByLabel(en.report.noteLabel).fill("sells fake followers");
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/pack/report"));
  await dialog.getByRole("button", { name: en.report.submit }).click();
  expect((await (await sent).json()).status).toBe(200);
  await expect(page.getByText(en.report.sent)).toBeVisible();
  await page.getByRole("button", { name: en.report.button, exact: true }).click();
  const again = page.getByRole("dialog", { name: en.report.packTitle });
  await again.getByRole("radio", { name: en.report.reason.other }).check();
  await again.getByRole("button", { name: en.report.submit }).click();
  await expect(again.getByText(en.report.packAlready)).toBeVisible();
  await shot(page, "pack-report-already", info.project.name);
  const stored = await db().select().from(packReports).where(eq(packReports.packId, pack!.id));
  expect(stored.map((row) => [row.reason, row.note])).toEqual([["spam", "sells fake followers"]]);

  await grantRole(db(), { email, role: "moderator" });
  await page.goto(`${origin}/admin`);
  const reported = page.getByRole("region", { name: en.admin.packQueue });
  const item = reported.getByRole("article", { name: "Followers for sale" });
  await expect(item.getByText("sells fake followers")).toBeVisible();
  await expect(item.getByText(maskEmail(ownerEmail))).toBeVisible();
  await shot(page, "desk-packs", info.project.name);
  await item.getByRole("button", { name: en.admin.hidePack }).click();
  await expect(item).toBeHidden();
  await expect
    .poll(async () => (await db().select({ hiddenAt: packs.hiddenAt }).from(packs).where(eq(packs.id, pack!.id)))[0]?.hiddenAt)
    .not.toBeNull();

  // Staff still open it, with their notice; a visitor gets the 404 page.
  await page.goto(`${origin}/pack/${packId}`);
  await expect(page.getByRole("note").filter({ hasText: en.report.packStaffNotice })).toBeVisible();
  const visitor = await browser.newContext();
  const answer = await (await visitor.newPage()).goto(`${origin}/pack/${packId}`);
  expect(answer?.status()).toBe(404);
  await visitor.close();
});
