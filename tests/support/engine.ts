import { describe } from "vitest";

/** The engine this run's test apps use: PostgreSQL with TEST_ENGINE=postgres (scripts/test-on-postgres.ts), else PGlite. */
export const onPostgres = process.env.TEST_ENGINE === "postgres";
export const engineName = onPostgres ? "PostgreSQL" : "PGlite";

/** What names a suite that runs only on PostgreSQL; the PGlite run lists them (tests/support/postgres-only-reporter.ts). */
export const POSTGRES_ONLY = "(PostgreSQL only)";

/**
 * A suite that proves something only real concurrent connections can (PGlite serves one connection
 * at a time, in one process). On PGlite it is skipped, and the run ends by naming it.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  describe.runIf(onPostgres)(`${name} ${POSTGRES_ONLY}`, suite);
}
