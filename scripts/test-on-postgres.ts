import { spawnSync } from "node:child_process";

/**
 * The server suites again on the real PostgreSQL named by TEST_DATABASE_URL (each test file makes
 * its own database there), all but the API fuzz. Without it, says so and passes: the PGlite run
 * already covered the code.
 */
if (!process.env.TEST_DATABASE_URL) {
  console.log("PostgreSQL run skipped: TEST_DATABASE_URL is not set (CI sets it).");
  process.exit(0);
}
// The API fuzz aims at the HTTP edge, which does not depend on the engine; it runs on PGlite only (decision 0018).
const result = spawnSync("npx", ["vitest", "run", "server", "--exclude", "server/http/api-fuzz.test.ts"], {
  stdio: "inherit",
  env: { ...process.env, TEST_ENGINE: "postgres" },
});
process.exit(result.status ?? 1);
