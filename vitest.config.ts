import { defineConfig } from "vitest/config";
import { apiRoutes } from "./scripts/vite-api-routes.ts";

// Tests run without the React Router plugin: they exercise services, the API and pure modules.
export default defineConfig({
  // The browser's typed API client reads its routes from this virtual module (app/lib/api/api.ts).
  plugins: [apiRoutes()],
  test: {
    include: ["server/**/*.test.ts", "common/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default on this 2-core machine is one worker; most files wait on child processes
    // (the generator, real servers), so two keep both cores busy.
    maxWorkers: 2,
    globalSetup: ["./tests/setup/art-cache.ts", "./tests/setup/migrated-templates.ts"],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    // The default output, then the suites a PGlite run skipped because they need PostgreSQL.
    reporters: ["default", "./tests/support/postgres-only-reporter.ts"],
  },
});
