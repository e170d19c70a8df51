import { bootAppContext } from "./boot.ts";
import { ConfigError } from "./config.ts";
import { FolderInUseError } from "./db/pglite-folder-lock.ts";
import { listenForMetrics } from "./metrics/metrics-listener.ts";
import { closeRateLimits } from "./rate-limit.ts";
import { exitAfter } from "./serve.ts";
import { startTaskWorkers } from "./tasks/task-worker.ts";

/**
 * `npm run worker`: a process that only runs sticker jobs, against the same PostgreSQL as the web
 * processes (start as many as the load needs; PGlite allows one process, which runs its own jobs).
 */
try {
  const app = await bootAppContext();
  if (app.database.kind === "pglite") {
    throw new ConfigError(
      "npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database, npm start runs the jobs itself.",
    );
  }
  const workers = await startTaskWorkers(app);
  const metrics = await listenForMetrics(app);
  app.log.info({ database: app.database.kind, metricsPort: metrics?.port ?? null }, "worker ready");
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      app.log.info(
        { signal, graceMs: app.config.SHUTDOWN_GRACE_MS },
        "worker stopping: no new jobs, the one in hand finishes or goes back",
      );
      exitAfter(
        app,
        (async () => {
          await workers.stop(app.config.SHUTDOWN_GRACE_MS);
          await metrics?.close();
          await closeRateLimits();
          await app.database.close();
          app.log.info("worker stopped");
        })(),
      );
    });
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof FolderInUseError ? error.message : error);
  process.exit(1);
}
