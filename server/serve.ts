import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppContext } from "./context.ts";
import type { AppEnv } from "./http/env.ts";
import { withMemoryLane } from "./http/memory-lane.ts";
import { securityOptionsFor, withSocketHeaders } from "./http/security-headers.ts";
import { closeMotionPool } from "./motion/motion-pool.ts";
import { closeRateLimits } from "./rate-limit.ts";
import { closePromptPlanner } from "./tasks/read-prompt.ts";

export interface RunningServer {
  port: number;
  /**
   * Drains: /readyz answers 503 and so do reads not yet started (a balancer sends them elsewhere), the
   * listener closes once no new connection comes (then new connections are refused), requests in flight
   * finish whole (up to `SHUTDOWN_GRACE_MS`, then their connections are cut), idle keep-alive
   * connections close, running jobs finish or go back to the queue, the database closes.
   */
  shutdown(reason: string): Promise<void>;
}

/** How often idle keep-alive connections are closed while draining (a busy one turns idle when its answer ends). */
const IDLE_SWEEP_MS = 100;
/**
 * A connection accepted but not yet asked anything may already carry a request on its way (a proxy
 * sends it right after connecting, and will not resend a POST it has sent): it is left this long
 * before a drain closes it.
 */
const UNASKED_CONNECTION_MS = 2000;
/**
 * A drain keeps listening until no connection has come for this long (at most `HANDOFF_MAX_MS`, and
 * never past the grace). Closing a listener resets the connections the kernel has accepted and Node
 * not yet taken, requests already sent on them included, which a proxy will not resend when they are
 * POSTs; so the listener closes only once the balancer has stopped sending here (the reads refused
 * while draining tell it to, see app.ts).
 */
const HANDOFF_QUIET_MS = 250;
const HANDOFF_MAX_MS = 3000;
const HANDOFF_POLL_MS = 25;

interface ConnectionState {
  openedAt: number;
  answered: boolean;
  inFlight: number;
}

/**
 * Node's `closeIdleConnections` also closes a connection whose first request has not been read yet,
 * which cuts a request a proxy has just sent. This closes only connections that have answered and
 * wait idle, and the unasked ones once they are older than `UNASKED_CONNECTION_MS`.
 */
function connectionTracker() {
  const connections = new Map<Socket, ConnectionState>();
  let lastOpenedAt = 0;
  return {
    opened(socket: Socket) {
      lastOpenedAt = Date.now();
      connections.set(socket, { openedAt: Date.now(), answered: false, inFlight: 0 });
      socket.once("close", () => connections.delete(socket));
    },
    asked(socket: Socket, response: ServerResponse) {
      const state = connections.get(socket);
      if (!state) return;
      state.inFlight += 1;
      response.once("close", () => {
        state.inFlight -= 1;
        state.answered = true;
      });
    },
    closeIdle(now = Date.now()) {
      for (const [socket, state] of connections) {
        if (state.inFlight > 0) continue;
        if (state.answered || now - state.openedAt > UNASKED_CONNECTION_MS) socket.end();
      }
    },
    /** Resolves once no connection has been opened for `quietMs`, or after `maxMs` in any case. */
    quiet(quietMs: number, maxMs: number) {
      const startedAt = Date.now();
      return new Promise<void>((done) => {
        const look = setInterval(() => {
          const now = Date.now();
          if (now - lastOpenedAt < quietMs && now - startedAt < maxMs) return;
          clearInterval(look);
          done();
        }, HANDOFF_POLL_MS);
      });
    },
  };
}

/**
 * The Node request listener production (and `npm run dev`) serves: security headers and the request
 * id on Node's response, then the answers kept in memory (decision 0057), then the Hono app. Tests that check what goes over the wire listen with it.
 */
export function nodeListener(app: Pick<AppContext, "config">, server: Hono<AppEnv>, development = false) {
  return withSocketHeaders(securityOptionsFor(app.config, development), withMemoryLane(server, getRequestListener(server.fetch)));
}

/** Listens and wires SIGTERM/SIGINT to a graceful drain (decision 0020). */
export function listen(
  app: AppContext,
  server: Hono<AppEnv>,
  drain: { draining: boolean },
  hooks: { beforeClose?: () => Promise<unknown> } = {},
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const handle = nodeListener(app, server);
    const connections = connectionTracker();
    const http = createServer((req, res) => {
      connections.asked(req.socket, res);
      // While draining, every answer closes its connection, so keep-alive clients reconnect elsewhere.
      if (drain.draining) res.setHeader("Connection", "close");
      handle(req, res);
    });
    http.on("connection", (socket: Socket) => connections.opened(socket));
    http.listen(app.config.PORT, app.config.HOST, () => {
      const info = http.address() as AddressInfo;
      const { PUBLIC_URL: url, HOST: host, localMode } = app.config;
      app.log.info({ url, host, port: info.port, localMode }, "sticker studio is serving");
      let stopping: Promise<void> | null = null;
      const shutdown = (reason: string) => {
        stopping ??= (async () => {
          drain.draining = true;
          app.log.info({ reason, graceMs: app.config.SHUTDOWN_GRACE_MS }, "draining in-flight requests");
          connections.closeIdle();
          const sweep = setInterval(() => connections.closeIdle(), IDLE_SWEEP_MS);
          await connections.quiet(HANDOFF_QUIET_MS, Math.min(HANDOFF_MAX_MS, app.config.SHUTDOWN_GRACE_MS));
          const closed = new Promise<void>((done) => http.close(() => done()));
          let graceTimer: NodeJS.Timeout | undefined;
          const grace = new Promise<"late">((done) => {
            graceTimer = setTimeout(() => done("late"), app.config.SHUTDOWN_GRACE_MS);
          });
          const outcome = await Promise.race([closed.then(() => "drained" as const), grace]);
          clearInterval(sweep);
          clearTimeout(graceTimer);
          if (outcome === "late") {
            app.log.warn({ graceMs: app.config.SHUTDOWN_GRACE_MS }, "grace period over: cutting the connections still open");
            http.closeAllConnections();
          }
          // Mail asked for just before the stop (a sign-in link) still goes out, within the grace: an
          // unreachable SMTP server must not keep the jobs below from stopping in time.
          await Promise.race([app.mail.drain(), new Promise((done) => setTimeout(done, app.config.SHUTDOWN_GRACE_MS).unref())]);
          await closeRateLimits();
          // Running jobs finish (or return to the queue) before the database closes.
          await hooks.beforeClose?.().catch((error: unknown) => app.log.warn({ err: error }, "stopping the task workers failed"));
          await app.tasks.stop(app.config.SHUTDOWN_GRACE_MS);
          await closeMotionPool(app);
          await closePromptPlanner(app);
          await app.database.close();
          app.log.info("stopped");
        })();
        return stopping;
      };
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        process.once(signal, () => {
          exitAfter(app, shutdown(signal));
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

/**
 * Exits 0 once `stopping` settles, or 1 if it has not within the hard bound: the request grace, the
 * job grace and a few seconds more (a stuck close must not keep a stopped process alive).
 */
export function exitAfter(app: Pick<AppContext, "config" | "log">, stopping: Promise<unknown>) {
  const boundMs = hardStopMs(app.config);
  setTimeout(() => {
    app.log.error({ boundMs }, "shutdown took too long: exiting anyway");
    process.exit(1);
  }, boundMs).unref();
  stopping.then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    },
  );
}

/** The longest a stop may take: requests' grace + jobs' grace + 5 s for closing. */
export function hardStopMs(config: Pick<AppContext["config"], "SHUTDOWN_GRACE_MS">) {
  return config.SHUTDOWN_GRACE_MS * 2 + 5000;
}
