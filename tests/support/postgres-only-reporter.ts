import type { Reporter, TestModule } from "vitest/node";
import { POSTGRES_ONLY } from "./engine.ts";

/**
 * Ends a PGlite run by naming the suites it skipped because they run only on PostgreSQL
 * (`describeOnPostgres`), so a run without PostgreSQL never looks like a full proof.
 */
export default class PostgresOnlyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (process.env.TEST_ENGINE === "postgres") return;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const suite of module.children.allSuites()) {
        if (suite.name.endsWith(POSTGRES_ONLY) && suite.state() === "skipped") {
          skipped.push(`${module.relativeModuleId} › ${suite.fullName}`);
        }
      }
    }
    if (skipped.length === 0) return;
    process.stdout.write(
      [
        "",
        `!! ${skipped.length} concurrency suite(s) run only on PostgreSQL and were SKIPPED on PGlite:`,
        ...skipped.map((name) => `!!   ${name}`),
        "!! They run in `npm run test:postgres` (TEST_DATABASE_URL; CI sets it).",
        "",
      ].join("\n"),
    );
  }
}
