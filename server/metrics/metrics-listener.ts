import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { requestContext } from "../http/request-context.ts";
import { metricsRoutes } from "./routes.ts";

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * A worker has no web server, so it serves its own `/metrics` (same gate as the web processes) on
 * `METRICS_PORT` at `HOST`, with `/healthz`; anything else there answers 404. Null when METRICS_PORT is unset.
 */
export async function listenForMetrics(app: AppContext, port = app.config.METRICS_PORT): Promise<MetricsListener | null> {
  if (port === undefined) return null;
  const server = new Hono<AppEnv>();
  server.use(requestContext(app.log, app.config));
  // A liveness answer for container health checks (the worker has no other port).
  server.get("/healthz", (c) => c.json({ status: "ok" }));
  server.route("/", metricsRoutes(app));
  const http: Server = createServer(getRequestListener(server.fetch));
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, app.config.HOST, () => resolve());
  });
  const bound = (http.address() as AddressInfo).port;
  app.log.info({ host: app.config.HOST, port: bound }, "metrics listening");
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
