import { createServer } from "node:http";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createServer as createViteServer, isRunnableDevEnvironment } from "vite";
import { createServerApp } from "./app.ts";
import { bootAppContext } from "./boot.ts";
import { seedOnFirstStart } from "./seed/seed-on-first-start.ts";
import { nodeListener } from "./serve.ts";
import { startTaskWorkers } from "./tasks/task-worker.ts";

/**
 * `npm run dev`: Vite serves the page modules with hot reload; pages render from Vite's fresh server
 * build on every request; Node restarts this process when server code changes (--watch-path).
 */
const app = await bootAppContext({ NODE_ENV: "development", ...process.env });
await seedOnFirstStart(app);
if (app.config.WORKER_IN_PROCESS || app.database.kind === "pglite") await startTaskWorkers(app);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const ssr = vite.environments.ssr;
if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment is not runnable");

const server = createServerApp(app, {
  development: true,
  renderPage: async (request, context) => {
    const build = (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
    const { pageContext } = build.entry.module as unknown as { pageContext: Parameters<RouterContextProvider["set"]>[0] };
    const provider = new RouterContextProvider();
    provider.set(pageContext, context);
    return createRequestHandler(build, "development")(request, provider);
  },
});

const listener = nodeListener(app, server, true);
createServer((req, res) => vite.middlewares(req, res, () => listener(req, res))).listen(app.config.PORT, app.config.HOST, () => {
  app.log.info({ url: app.config.PUBLIC_URL }, "development server ready");
});
