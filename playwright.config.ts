import { defineConfig, devices } from "@playwright/test";
import { GOOGLE_CLIENT_ID, JWKS_PORT } from "./tests/e2e/google-keys.ts";
import { SMTP_PORT } from "./tests/e2e/mail-sink.ts";
import { STRIPE_ENV } from "./tests/e2e/stripe-stand-in.ts";
import { TELEGRAM_ENV } from "./tests/e2e/telegram-stand-in.ts";
import { CHROMIUM_FLAGS } from "./tests/support/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const POSTGRES_PORT = PORT + 1;
/** The same app configured with Stripe, against the run's Stripe stand-in. */
const STRIPE_APP_PORT = PORT + 2;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Google sign-in against the run's own JWKS (tests/e2e/global-setup.ts). */
const google = { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${JWKS_PORT}/certs` };
/** Sign-in mail goes over real SMTP to the run's sink (tests/e2e/mail-sink.ts). */
// Every browser test signs in from 127.0.0.1: the per-client link limit (20 per 10 minutes by default,
// covered by the API tests) would otherwise stop a full run part-way; the per-address limit stays.
const mail = {
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_FROM: "Sticker Studio <no-reply@localhost>",
  EMAIL_LINK_CLIENT_LIMIT: "1000",
};
// The same for the pages' background calls: a full run's pages send more page views, vitals reports and
// prompt readings a minute from 127.0.0.1 than one person could (the limits are covered by the API tests).
const backgroundCalls = {
  EVENT_RATE_LIMIT_PER_MINUTE: "10000",
  VITALS_RATE_LIMIT_PER_MINUTE: "10000",
  PROMPT_READINGS_PER_MINUTE: "10000",
};
const dataDir = process.env.E2E_DATA_DIR ?? `./data/e2e-${process.pid}`;

// Debian's Chromium (installed by .ci/run): Playwright cannot download its own browsers here.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace doubles a test's time on this 2-core machine (every action snapshots the page),
    // so a run records none on the first attempt; CI retries a failure once and records that retry.
    trace: "on-first-retry",
    launchOptions: chromium,
    // The pages register a service worker (decision 0045); through one, a test's page.route() may not
    // see the requests it stubs. Only the installable app's own tests let it run.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /stripe\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    // The redirect table asks for addresses, and the error heads and hostile names for titles, not
    // layouts: they run once, on the desktop project (the hostile names set a phone's width themselves).
    {
      name: "mobile",
      testIgnore: /stripe\.spec\.ts|open-redirects\.spec\.ts|error-heads\.spec\.ts|hostile-names\.spec\.ts/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    // Plans with Stripe configured (the real SDK against the run's stand-in, signed webhooks).
    {
      name: "stripe",
      testMatch: /stripe\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${STRIPE_APP_PORT}`,
        launchOptions: chromium,
      },
    },
    // The same app on PostgreSQL (CI sets TEST_DATABASE_URL): the foundation flows once more.
    ...(onPostgres
      ? [
          {
            name: "postgres",
            testMatch: /foundation\.spec\.ts/,
            use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${POSTGRES_PORT}`, launchOptions: chromium },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: `rm -rf ${dataDir} && node scripts/start.ts`,
      url: `http://localhost:${PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        PUBLIC_URL: `http://localhost:${PORT}`,
        ...google,
        ...mail,
        ...backgroundCalls,
        // "Add to Telegram" through the run's Telegram stand-in (tests/e2e/telegram-stand-in.ts).
        ...TELEGRAM_ENV,
      },
    },
    {
      command: `rm -rf ${dataDir}-stripe && node scripts/start.ts`,
      url: `http://localhost:${STRIPE_APP_PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(STRIPE_APP_PORT),
        // The first web server built the pages if they were stale; a second build would swap its assets.
        BUILD_CHECK: "off",
        DATA_DIR: `${dataDir}-stripe`,
        LOG_LEVEL: "warn",
        PUBLIC_URL: `http://localhost:${STRIPE_APP_PORT}`,
        SEED_GALLERY_SIZE: "0",
        ...mail,
        ...backgroundCalls,
        ...STRIPE_ENV,
      },
    },
    ...(onPostgres
      ? [
          {
            command: "node tests/support/start-on-postgres.ts",
            url: `http://localhost:${POSTGRES_PORT}/readyz`,
            timeout: 180_000,
            reuseExistingServer: false,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: {
              PORT: String(POSTGRES_PORT),
              BUILD_CHECK: "off",
              // The foundation flows need no gallery; the seed on PostgreSQL is proved by the cluster tests.
              SEED_GALLERY_SIZE: "0",
              DATA_DIR: `${dataDir}-pg`,
              LOG_LEVEL: "warn",
              PUBLIC_URL: `http://localhost:${POSTGRES_PORT}`,
              ...google,
              ...mail,
              ...backgroundCalls,
            },
          },
        ]
      : []),
  ],
});
