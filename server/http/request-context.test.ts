import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { requestContext } from "./request-context.ts";
import { GIVEN_REQUEST_ID_MAX, givenRequestIdOf, withSocketHeaders } from "./security-headers.ts";
import { parseTrustProxy } from "./trust-proxy.ts";

/**
 * Request ids are ours (decision 0033): whatever X-Request-Id a caller sends, the request's id — in the
 * answer's header, the log and `c.var.requestId` — is one the server made; the caller's value is only
 * logged beside it (`givenReqId`), cut and cleaned. Both paths: in process and on a socket.
 */
const lines: { msg?: string; reqId?: string; givenReqId?: string }[] = [];
const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
const app = new Hono<AppEnv>();
app.use(requestContext(log, { TRUST_PROXY: parseTrustProxy(undefined), localMode: true }));
app.get("/id", (c) => c.text(c.var.requestId));

let http: Server;
let origin: string;
beforeAll(async () => {
  http = createServer(withSocketHeaders({ hsts: false }, getRequestListener(app.fetch)));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function ask(where: "in process" | "socket", headers: Record<string, string>) {
  const response = where === "socket" ? await fetch(`${origin}/id`, { headers }) : await app.request("/id", { headers });
  const seen = await response.text();
  const header = response.headers.get("x-request-id");
  return { seen, header, line: lines.find((line) => line.msg === "request" && line.reqId === header) };
}

describe("the request id", () => {
  for (const where of ["in process", "socket"] as const) {
    it(`is the server's own, not the caller's X-Request-Id, which is only logged beside it (${where})`, async () => {
      const { seen, header, line } = await ask(where, { "X-Request-Id": "trace-12345678" });
      expect(header).toMatch(UUID);
      expect(header).not.toBe("trace-12345678");
      expect(seen).toBe(header);
      expect(line).toMatchObject({ reqId: header, givenReqId: "trace-12345678" });
    });

    it(`is fresh per request even when two callers send the same X-Request-Id (${where})`, async () => {
      const first = await ask(where, { "X-Request-Id": "shared-request-0001" });
      const second = await ask(where, { "X-Request-Id": "shared-request-0001" });
      expect(first.header).not.toBe(second.header);
    });

    it(`logs a hostile X-Request-Id only cut to ${GIVEN_REQUEST_ID_MAX} characters and cleaned (${where})`, async () => {
      const hostile = `"><script>alert(1)</script> ${"é".repeat(10)}${"x".repeat(500)}`;
      const { header, line } = await ask(where, { "X-Request-Id": hostile });
      expect(header).toMatch(UUID);
      expect(line?.givenReqId).toHaveLength(GIVEN_REQUEST_ID_MAX);
      expect(line?.givenReqId).toMatch(/^[A-Za-z0-9._:-]+$/);
    });

    it(`logs no given id when the caller sends none (${where})`, async () => {
      const { header, line } = await ask(where, {});
      expect(header).toMatch(UUID);
      expect(line).toBeDefined();
      expect(line).not.toHaveProperty("givenReqId");
    });
  }

  it("keeps a caller's value readable when it is already plain, and drops an empty one", () => {
    expect(givenRequestIdOf("0123456789abcdef0123456789abcdef")).toBe("0123456789abcdef0123456789abcdef");
    expect(givenRequestIdOf("trace id/with spaces")).toBe("trace_id_with_spaces");
    expect(givenRequestIdOf(["first-id", "second-id"])).toBe("first-id");
    expect(givenRequestIdOf("")).toBeNull();
    expect(givenRequestIdOf(undefined)).toBeNull();
  });
});
