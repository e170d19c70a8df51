import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppContext } from "./context.ts";
import type { AppEnv } from "./http/env.ts";
import { securityOptionsFor, withSocketHeaders } from "./http/security-headers.ts";
import { closeRateLimits } from "./rate-limit.ts";

export interface RunningServer {
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), closes the database. */
  shutdown(reason: string): Promise<void>;
}

/** Listens and wires SIGTERM/SIGINT to a graceful drain. */
export function listen(
  app: AppContext,
  server: Hono<AppEnv>,
  drain: { draining: boolean },
  hooks: { beforeClose?: () => Promise<unknown> } = {},
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const http = createServer(withSocketHeaders(securityOptionsFor(app.config), getRequestListener(server.fetch)));
    http.listen(app.config.PORT, app.config.HOST, () => {
      const info = http.address() as AddressInfo;
      const { PUBLIC_URL: url, HOST: host, localMode } = app.config;
      app.log.info({ url, host, port: info.port, localMode }, "sticker studio is serving");
      let stopping: Promise<void> | null = null;
      const shutdown = (reason: string) => {
        stopping ??= (async () => {
          drain.draining = true;
          app.log.info({ reason }, "draining in-flight requests");
          const closed = new Promise<void>((done) => http.close(() => done()));
          if ("closeIdleConnections" in http) http.closeIdleConnections();
          const grace = new Promise<void>((done) => setTimeout(done, app.config.SHUTDOWN_GRACE_MS).unref());
          await Promise.race([closed, grace]);
          if ("closeAllConnections" in http) http.closeAllConnections();
          await closeRateLimits();
          // Running jobs finish (or return to the queue) before the database closes.
          await hooks.beforeClose?.().catch((error: unknown) => app.log.warn({ err: error }, "stopping the task workers failed"));
          await app.tasks.stop(app.config.SHUTDOWN_GRACE_MS);
          await app.database.close();
          app.log.info("stopped");
        })();
        return stopping;
      };
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        process.once(signal, () => {
          void shutdown(signal).then(() => process.exit(0));
        });
      }
      resolve({ port: info.port, shutdown });
    });
    http.once("error", (error: NodeJS.ErrnoException) => {
      const reason = error.code === "EADDRINUSE" ? `port ${app.config.PORT} is already in use (set PORT)` : error.message;
      app.log.fatal({ err: error }, `cannot listen: ${reason}`);
      reject(error);
    });
  });
}
