import type { IncomingMessage, ServerResponse } from "node:http";
import type { Hono } from "hono";
import type { Config } from "../config.ts";
import { type Logger, requestLines } from "../log.ts";
import { countRequest } from "../metrics/routes.ts";
import type { AppEnv } from "./env.ts";
import { isDirectLocalRequest } from "./local-peer.ts";
import type { PreparedIncoming } from "./security-headers.ts";
import { clientAddressFrom } from "./trust-proxy.ts";

/** An answer kept in memory, as the lane writes it. */
export interface LaneAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  /** Null for a 304. */
  body: Uint8Array | null;
  /** The route pattern the app's metrics count it under (`*` for pages). */
  route: string;
}

/** What a lookup reads of a request, worked out once. */
export interface LaneRequest {
  method: "GET" | "HEAD";
  /** The path as the request gave it, and its query without the "?" ("" if none). */
  path: string;
  query: string;
  headers: IncomingMessage["headers"];
  /** The request's headers behind the web `Headers` reads the app's checks use. */
  header(name: string): string | undefined;
  /** The payments sandbox's pages may answer it (local mode, direct loopback; decision 0012). */
  localStandIns: boolean;
}

/** An answer in memory for the request, or null: the app answers it. */
export type LaneLookup = (request: LaneRequest) => LaneAnswer | null;

interface Lane {
  lookups: LaneLookup[];
  isDraining: () => boolean;
  log: Logger;
  config: Pick<Config, "TRUST_PROXY" | "localMode">;
}

const lanes = new WeakMap<Hono<AppEnv>, Lane>();

/** Gives the server app its lane (server/app.ts); `nodeListener` puts it in front of the app. */
export function openMemoryLane(server: Hono<AppEnv>, lane: Lane): void {
  lanes.set(server, lane);
}

/**
 * A path the app's router sees exactly as it is written: no percent-escapes, no dot segments, no empty
 * segment, nothing but the characters of a plain path. Any other request goes to the app, whose URL
 * handling normalises it.
 */
const SEGMENT = "[A-Za-z0-9\\-_~!$&'()*+,;=:@]+(?:\\.[A-Za-z0-9\\-_~!$&'()*+,;=:@]+)*";
const PLAIN_PATH = new RegExp(`^/(?:${SEGMENT}(?:/${SEGMENT})*/?)?$`);

function laneRequestOf(req: IncomingMessage, config: Lane["config"]): LaneRequest | null {
  const method = req.method;
  if (method !== "GET" && method !== "HEAD") return null;
  const url = req.url ?? "";
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  if (!PLAIN_PATH.test(path) || url.includes("#")) return null;
  const headers = req.headers;
  const header = (name: string) => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const view = { get: (name: string) => header(name) ?? null, has: (name: string) => header(name) !== undefined };
  return {
    method,
    path,
    query: mark < 0 ? "" : url.slice(mark + 1),
    headers,
    header,
    localStandIns: config.localMode && isDirectLocalRequest(req.socket?.remoteAddress ?? null, view),
  };
}

/**
 * Answers kept in memory, written before the app's router (decision 0057): a visitor's shared page
 * (decision 0021) and a public list call's prepared answer (decision 0022). A lookup answers only when
 * every rule the app applies holds for the request and its answer is fresh in memory; anything else
 * (a miss, a stale page, a refusal, a request while draining) goes to the app unchanged, which answers
 * it as before. Security headers and the request id are on the response already
 * (`withSocketHeaders`); the lane keeps the app's request line and its metrics.
 */
export function withMemoryLane(
  server: Hono<AppEnv>,
  next: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => unknown {
  const lane = lanes.get(server);
  if (!lane) return next;
  const lines = requestLines(lane.log);
  return (req, res) => {
    const started = performance.now();
    const request = lane.isDraining() ? null : laneRequestOf(req, lane.config);
    let answer: LaneAnswer | null = null;
    try {
      for (const lookup of request ? lane.lookups : []) {
        answer = request ? lookup(request) : null;
        if (answer) break;
      }
    } catch {
      // A lookup that cannot read the request (a header it did not expect) leaves it to the app.
      answer = null;
    }
    if (!request || !answer) return next(req, res);
    const headers =
      answer.body === null ? answer.headers : { ...answer.headers, "Content-Length": String(answer.body.byteLength) };
    res.writeHead(answer.status, headers);
    res.end(request.method === "HEAD" ? undefined : (answer.body ?? undefined));
    const ms = performance.now() - started;
    countRequest(request.method, answer.route, answer.status, ms / 1000);
    const prepared = req as PreparedIncoming;
    const client =
      clientAddressFrom(req.socket?.remoteAddress ?? null, request.header("x-forwarded-for"), lane.config.TRUST_PROXY) ?? "local";
    const line = {
      reqId: prepared.requestId,
      method: request.method,
      path: request.path,
      status: answer.status,
      ms: Math.round(ms * 10) / 10,
      client,
    };
    lines.info(prepared.givenRequestId ? { ...line, givenReqId: prepared.givenRequestId } : line, "request");
  };
}
