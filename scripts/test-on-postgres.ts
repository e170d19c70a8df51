import { spawnSync } from "node:child_process";

/**
 * The server suites again on the real PostgreSQL named by TEST_DATABASE_URL (each test file makes
 * its own database there). Without it, says so and passes: the PGlite run already covered the code.
 */
if (!process.env.TEST_DATABASE_URL) {
  console.log("PostgreSQL run skipped: TEST_DATABASE_URL is not set (CI sets it).");
  process.exit(0);
}
const result = spawnSync("npx", ["vitest", "run", "server"], {
  stdio: "inherit",
  env: { ...process.env, TEST_ENGINE: "postgres" },
});
process.exit(result.status ?? 1);
