import "./production-mode.ts";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createServerApp, type PageRequestContext } from "./app.ts";
import { bootAppContext } from "./boot.ts";
import { ConfigError } from "./config.ts";
import { FolderInUseError } from "./db/pglite-folder-lock.ts";
import { startSweeps } from "./maintenance/sweeps.ts";
import { seedOnFirstStart } from "./seed/seed-on-first-start.ts";
import { listen } from "./serve.ts";
import { startTaskWorkers } from "./tasks/task-worker.ts";
import { ensureWebhook } from "./telegram/our-bot.ts";

/** Production entry: serves the built pages (build/) and the API from one process. */
async function main() {
  const app = await bootAppContext();
  const seed = await seedOnFirstStart(app);
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  // The build exports its router-context key: it must be the very object the route modules read.
  const { pageContext } = build.entry.module as unknown as { pageContext: Parameters<RouterContextProvider["set"]>[0] };
  const drain = { draining: false };
  const server = createServerApp(app, {
    clientAssetsDir: path.join(buildDir, "client"),
    isDraining: () => drain.draining,
    renderPage: (request, context: PageRequestContext) => {
      const provider = new RouterContextProvider();
      provider.set(pageContext, context);
      return handle(request, provider);
    },
  });
  // On PGlite the database belongs to this process, so its jobs run here too; on PostgreSQL
  // WORKER_IN_PROCESS=false leaves them to `npm run worker` processes.
  const workers = app.config.WORKER_IN_PROCESS || app.database.kind === "pglite" ? await startTaskWorkers(app) : null;
  await ensureWebhook(app);
  // Every web process ticks; one of them sweeps per interval (decision 0034).
  const sweeps = startSweeps(app);
  await listen(app, server, drain, {
    beforeClose: async () => {
      seed.stop();
      await seed.rest;
      await sweeps.stop();
      await workers?.stop();
    },
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof FolderInUseError) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
