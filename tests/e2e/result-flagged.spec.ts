import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { E2E_PORT } from "./google-keys.ts";
import { SMTP_PORT } from "./mail-sink.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/**
 * A sticker the hosted provider's safety check flags (decision 0032), seen in the create panel: the
 * app here draws through the OpenAI provider against a stand-in that answers every call as OpenAI does
 * when it flags one (400, "moderation_blocked"). This spec starts that app itself, on its own port.
 */
// One per parallel worker: the desktop and phone runs of this file may run at the same time.
const FLAG_APP_PORT = E2E_PORT + 7 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const FLAG_APP_URL = `http://localhost:${FLAG_APP_PORT}`;

let imagesApi: Server;
let app: ChildProcess | undefined;
let dataDir = "";
let calls = 0;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: FLAG_APP_URL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  imagesApi = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      calls += 1;
      res.writeHead(400, { "content-type": "application/json" }).end(
        JSON.stringify({
          error: {
            message: "Your request was rejected by the safety system.",
            type: "image_generation_user_error",
            code: "moderation_blocked",
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => imagesApi.listen(0, "127.0.0.1", resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), "sticker-e2e-flagged-"));
  app = spawn(process.execPath, ["scripts/start.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(FLAG_APP_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      // The run's build (made before the first web server): a rebuild now would swap the assets under the others.
      BUILD_CHECK: "off",
      PUBLIC_URL: FLAG_APP_URL,
      SEED_GALLERY_SIZE: "0",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "Sticker Studio <no-reply@localhost>",
      EMAIL_LINK_CLIENT_LIMIT: "1000",
      GENERATION_PROVIDER: "openai",
      OPENAI_API_KEY: "sk-e2e-result-flagged",
      OPENAI_BASE_URL: `http://127.0.0.1:${(imagesApi.address() as AddressInfo).port}/v1`,
      OPENAI_TIMEOUT_MS: "10000",
    },
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    const ready = await fetch(`${FLAG_APP_URL}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || app.exitCode !== null) throw new Error("the app with the flagging provider did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
  }
  await new Promise<void>((resolve) => imagesApi?.close(() => resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a flagged sticker fails in the create panel with the safety message in the page's language, and the points come back", async ({
  page,
}, info) => {
  test.slow(); // signs in by e-mail and runs two tasks through the queue
  await page.goto("/");
  await signInByLink(page, uniqueEmail("flagged"));
  await expect(page.getByText("Costs 1 point · you have 10")).toBeVisible();
  await page.getByLabel("Describe your sticker").fill("a blue ball");
  await page.getByRole("button", { name: "Generate sticker" }).click();
  const failed = page.getByRole("region", { name: "This sticker couldn't be made" });
  await expect(failed).toBeVisible({ timeout: 60_000 });
  await expect(failed.getByRole("alert")).toHaveText("This sticker was stopped by the safety check, so it isn't shown.");
  await expect(failed.getByText("Your 1 point is back on your balance.")).toBeVisible();
  // Nothing was drawn to show, and the header's balance is whole again.
  await expect(failed.getByRole("img")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "10 points" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("result-flagged-en.png") });

  // Try again leaves the failed outcome for the form (the panel keeps the last task across pages otherwise).
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByLabel("Describe your sticker")).toBeVisible();
  await page.goto("/ar/");
  await page.getByLabel("صِف ملصقك").fill("كرة زرقاء");
  await page.getByRole("button", { name: "إنشاء الملصق" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "أوقف فحص الأمان هذا الملصق، لذا لن يُعرض." })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("banner").getByRole("link", { name: "10 نقاط" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("result-flagged-ar.png") });
  // One call per sticker: a flagged one is never asked again.
  expect(calls).toBe(2);
});
