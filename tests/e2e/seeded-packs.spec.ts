import { type ChildProcess, spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { unzipSync } from "fflate";
import { expect, test } from "./fixtures.ts";
import { E2E_PORT } from "./google-keys.ts";

/**
 * A fresh install's packs (decision 0049): this file starts its own app on an empty data folder, as
 * `npm start` would, and a visitor opens a seeded pack from the Packs tab and downloads it.
 */
test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
let origin = "";
let dataDir = "";

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern (none).
test.beforeAll(async ({}, info) => {
  test.setTimeout(300_000);
  const port = E2E_PORT + 40 + info.parallelIndex + (info.project.name === "mobile" ? 5 : 0);
  origin = `http://localhost:${port}`;
  dataDir = `./data/e2e-seeded-packs-${port}`;
  await rm(dataDir, { recursive: true, force: true });
  // The embedded database of a fresh data folder, whatever the run's own database is.
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  server = spawn("node", ["scripts/start.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      // The run's build (made before the first web server): a rebuild now would swap the assets under the others.
      BUILD_CHECK: "off",
      SEED_GALLERY_SIZE: "4",
      PAGE_CACHE_SECONDS: "0",
    },
  });
  for (let attempt = 0; ; attempt += 1) {
    const ready = await fetch(`${origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (attempt > 500) throw new Error("the fresh app did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

test("a visitor on a fresh install opens a seeded photo pack from the Packs tab, sees its photo's credit and downloads it for Telegram with the credit in its read-me", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${origin}/packs`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The packs drawn from words are there as the server listens; those drawn from photos follow (decision 0049).
  await expect(page.getByText("No public packs yet")).toHaveCount(0);
  const dahlia = page.getByRole("link", { name: /Dália/ }).first();
  await expect(async () => {
    await page.reload();
    await expect(dahlia).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await dahlia.click();
  await expect(page.getByRole("heading", { level: 1, name: "Dália" })).toBeVisible();
  const credit = page.getByTestId("pack-credit");
  await expect(credit).toContainText("Stickers drawn from a photo by vultilion (Flickr).");
  await expect(credit.getByRole("link", { name: "CC BY 2.0" })).toHaveAttribute(
    "href",
    "https://creativecommons.org/licenses/by/2.0/",
  );

  const panel = page.getByRole("region", { name: "Export the pack" });
  await panel.scrollIntoViewIfNeeded();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: "Download for Telegram", exact: true }).click(),
  ]);
  const zip = unzipSync(new Uint8Array(await readFile(await file.path())));
  expect(Object.keys(zip).filter((name) => /^\d+\.png$/.test(name))).toHaveLength(4);
  const readme = new TextDecoder().decode(zip["README.txt"]);
  expect(readme).toContain("vultilion (Flickr)");
  expect(readme).toContain("https://www.flickr.com/photos/vultilion/6056698931");
  expect(readme).toContain("CC BY 2.0 https://creativecommons.org/licenses/by/2.0/");
});
