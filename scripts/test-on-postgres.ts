import { spawnSync } from "node:child_process";

/**
 * The server and cross-layer (tests/integration) suites again on the real PostgreSQL named by TEST_DATABASE_URL (each test file makes
 * its own database there), all but the API fuzz; extra arguments narrow the run
 * (`npm run test:postgres -- server/points`). The concurrency proofs (row locks, simultaneous
 * submits, workers killed mid-task) only mean something there.
 *
 * Without TEST_DATABASE_URL it is never silent: it says loudly what was not proved, and under
 * CI=true it fails, so a CI that lost its database cannot pass.
 */
const inCi = /^(1|true)$/i.test(process.env.CI ?? "");

if (!process.env.TEST_DATABASE_URL) {
  const line = "!".repeat(78);
  console.error(
    [
      line,
      "!! PostgreSQL run NOT done: TEST_DATABASE_URL is not set.",
      "!! The concurrency proofs (row locks, simultaneous submits and rewards, a worker killed",
      "!! mid-task) ran on PGlite, which serves one connection at a time, or not at all.",
      "!! Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them.",
      inCi ? "!! CI=true: failing, a CI run must prove them on PostgreSQL." : "!! Passing anyway (not CI).",
      line,
    ].join("\n"),
  );
  process.exit(inCi ? 1 : 0);
}
const targets = process.argv.slice(2);
// The API fuzz aims at the HTTP edge, which does not depend on the engine; it runs on PGlite only (decision 0018).
// Suites that open no database (the offline generator's drawing, storage backends, upload decoding,
// proxy and request-id parsing, in-memory limits, plan maths): a second run would prove nothing new.
const NO_DATABASE = [
  "server/generation/**",
  // The motion engine and its validators: frames, encoders and files, no database.
  "server/exports/validate/**",
  "server/motion/render-frames.test.ts",
  "server/motion/fit-size.test.ts",
  "server/motion/make-motion-files.test.ts",
  "server/motion/motion-pool.test.ts",
  "server/storage/**",
  "server/uploads/read-upload.test.ts",
  "server/uploads/decode-pool.test.ts",
  "server/files/small-thumbnails.test.ts",
  "server/http/trust-proxy.test.ts",
  "server/http/request-context.test.ts",
  "server/rate-limit.test.ts",
  "server/billing/membership.test.ts",
  "server/backup/tar.test.ts",
  "server/telegram/bot-api.test.ts",
  // The embedded database's own suites open PGlite on disk whatever the engine (decision 0038): its
  // backup and restore, and the lock on its folder. Only the pg_dump suite of server/backup runs here.
  "server/backup/backup-restore.test.ts",
  "server/db/pglite-folder-lock.test.ts",
];
const result = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    ...(targets.length > 0 ? targets : ["server", "tests/integration"]),
    "--exclude",
    "server/http/api-fuzz.test.ts",
    ...NO_DATABASE.flatMap((pattern) => ["--exclude", pattern]),
  ],
  { stdio: "inherit", env: { ...process.env, TEST_ENGINE: "postgres" } },
);
process.exit(result.status ?? 1);
