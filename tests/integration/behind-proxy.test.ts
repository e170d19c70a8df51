import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownSandboxView } from "#app/features/pricing/sandbox.server.ts";
import { POINT_PACKS } from "#common/plans.ts";
import { createServerApp, type PageRenderer } from "#server/app.ts";
import { listen, type RunningServer } from "#server/serve.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { NGINX, PROXY_ADDRESS, type RunningNginx, startNginx } from "#tests/support/nginx.ts";
import { callApi, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";

/**
 * The app served on a real socket, with Debian's nginx in front (decision 0012). nginx connects to the
 * app from 127.0.0.2 (proxy_bind), the only address TRUST_PROXY trusts; the test's clients reach
 * nginx from 127.0.0.3 and 127.0.0.4, and the app directly from 127.0.0.1 (all loopback on Linux).
 */
/** A second trusted proxy, played by the test itself, to forward IPv6 client addresses. */
const SECOND_PROXY = "127.0.0.8";
const CLIENT_A = "127.0.0.3";
const CLIENT_B = "127.0.0.4";
/** Sign-in links one client may ask for per 10 minutes in this app: the smallest configurable limit. */
const LINK_LIMIT = 2;
/** A non-loopback address of this machine, to reach the app as a peer from the network. */
const LAN_ADDRESS =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address ?? null;

interface Answer {
  status: number;
  text: string;
  /** The answer's X-Request-Id. */
  requestId?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One HTTP request over a real socket, from `from` (a local source address) to `to`:`port`. */
function send(
  port: number,
  pathAndQuery: string,
  options: { from: string; to?: string; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: options.to ?? "127.0.0.1",
        port,
        path: pathAndQuery,
        localAddress: options.from,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        const requestId = res.headers["x-request-id"];
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text, ...(typeof requestId === "string" ? { requestId } : {}) }),
        );
      },
    );
    req.once("error", reject);
    req.end();
  });
}

let sequence = 0;
/** A signed sign-in-link call for a new address (5 per address never bites), with extra headers. */
async function askForLink(port: number, from: string, extra: Record<string, string> = {}) {
  sequence += 1;
  const params = { email: `proxy-${sequence}@example.com` };
  const request = await signedRequest("GET", "/api/getVerifyEmail", { key: t.app.config.CLIENT_SIGNING_KEY, params });
  const headers = Object.fromEntries(request.headers);
  const answer = await send(port, `/api/getVerifyEmail?${new URLSearchParams(params)}`, {
    from,
    headers: { ...headers, ...extra },
  });
  return (JSON.parse(answer.text) as { status: number | string }).status;
}

/** The served app's log lines (the in-process test app stays silent). */
const logLines: { msg?: string; reqId?: string; givenReqId?: string; client?: string }[] = [];

/**
 * The request log line of one request, by the X-Request-Id it was sent with: logged beside the
 * request's own id (`givenReqId`), never taken as it (decision 0033).
 */
function requestLogOf(givenRequestId: string) {
  const line = logLines.find((entry) => entry.msg === "request" && entry.givenReqId === givenRequestId);
  expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  return line;
}

/** The payments sandbox's checkout page, reduced to its gate (the real ownSandboxView). */
const renderPage: PageRenderer = async (request, context) => {
  const id = /\/billing\/sandbox\/checkout\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
  if (!id) return new Response("page");
  try {
    await ownSandboxView(context, request, (sandbox) => sandbox.checkout(id));
    return new Response("sandbox checkout");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
};

let t: TestApp;
let running: RunningServer;
let appPort: number;
let buyer: TestSession;
let checkoutPath: string;

beforeAll(async () => {
  appPort = await freePort();
  t = await createTestApp(
    {
      PORT: String(appPort),
      // Every interface, so a peer from the network can be tried; an explicit local PUBLIC_URL is local mode.
      HOST: "0.0.0.0",
      PUBLIC_URL: `http://localhost:${appPort}`,
      TRUST_PROXY: `${PROXY_ADDRESS}/32,${SECOND_PROXY}`,
      EMAIL_LINK_CLIENT_LIMIT: String(LINK_LIMIT),
    },
    { renderPage },
  );
  const log = pino({ level: "info" }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  const served = { ...t.app, log };
  running = await listen(served, createServerApp(served, { renderPage }), { draining: false });
  buyer = await signInTestUser(t, "proxy-buyer@example.com");
  const bought = await callApi(t, "POST", "/api/recharge", {
    session: buyer,
    body: { packId: POINT_PACKS[0]?.id, successPage: "/rechargeSuccess", errorPage: "/pricing" },
  });
  checkoutPath = new URL(bought.body.data as string).pathname;
}, 120_000);

afterAll(async () => {
  await running?.shutdown("test done");
  await closeTestApp(t);
});

describe("straight to the app (no proxy in between)", () => {
  it("ignores a spoofed X-Forwarded-For from an untrusted peer: every spoof counts against the one socket address", async () => {
    const spoofs = ["198.51.100.1", "198.51.100.2, 198.51.100.3", "203.0.113.9"];
    const answers = [];
    for (const spoof of spoofs) answers.push(await askForLink(appPort, "127.0.0.5", { "X-Forwarded-For": spoof }));
    expect(answers).toEqual([200, 200, "RATE_LIMITED"]);
    // Another socket address still has its own budget.
    expect(await askForLink(appPort, "127.0.0.6")).toBe(200);
  });

  it("counts IPv6 clients forwarded by a trusted proxy by their /64", async () => {
    const fromPrefix = (address: string) => askForLink(appPort, SECOND_PROXY, { "X-Forwarded-For": address });
    // Two addresses of one /64 share one budget of 2…
    expect([await fromPrefix("2001:db8:1:2::a"), await fromPrefix("[2001:DB8:1:2:ffff::b]:4444")]).toEqual([200, 200]);
    expect(await fromPrefix("2001:db8:1:2:1234::c")).toBe("RATE_LIMITED");
    // …the next /64 has its own, and so does the proxy's own address.
    expect(await fromPrefix("2001:db8:1:3::a")).toBe(200);
    expect(await askForLink(appPort, SECOND_PROXY)).toBe(200);
  });

  it("logs the socket address, not a spoofed X-Forwarded-For, as the request's client", async () => {
    const answer = await send(appPort, "/healthz", {
      from: "127.0.0.5",
      headers: { "X-Request-Id": "direct-spoof-0001", "X-Forwarded-For": "1.2.3.4" },
    });
    expect(requestLogOf("direct-spoof-0001")).toMatchObject({ client: "127.0.0.5", reqId: answer.requestId });
  });

  it("names the database in /readyz to this machine only: a loopback peer, or a loopback client relayed by a trusted proxy", async () => {
    const readiness = async (from: string, headers: Record<string, string> = {}, to?: string) =>
      JSON.parse((await send(appPort, "/readyz", { from, headers, ...(to ? { to } : {}) })).text);
    const named = { status: "ready", database: t.app.database.kind };
    const statusAlone = { status: "ready" };
    expect(await readiness("127.0.0.5")).toEqual(named);
    // A local proxy TRUST_PROXY does not name relays for someone unknown, whatever address it says.
    expect(await readiness("127.0.0.5", { "X-Forwarded-For": "203.0.113.5" })).toEqual(statusAlone);
    expect(await readiness("127.0.0.5", { "X-Forwarded-For": "127.0.0.1" })).toEqual(statusAlone);
    expect(await readiness("127.0.0.5", { "X-Real-IP": "127.0.0.1" })).toEqual(statusAlone);
    // A trusted proxy: its client decides.
    expect(await readiness(SECOND_PROXY, { "X-Forwarded-For": "203.0.113.5" })).toEqual(statusAlone);
    expect(await readiness(SECOND_PROXY, { "X-Forwarded-For": "2001:db8::5" })).toEqual(statusAlone);
    expect(await readiness(SECOND_PROXY, { "X-Forwarded-For": "127.0.0.9" })).toEqual(named);
    expect(await readiness(SECOND_PROXY, { "X-Forwarded-For": "not-an-address" })).toEqual(statusAlone);
    if (LAN_ADDRESS) expect(await readiness(LAN_ADDRESS, {}, LAN_ADDRESS)).toEqual(statusAlone);
  });

  it("serves the dev mailbox and the sandbox's checkout page to a direct loopback request only", async () => {
    const cookie = `${sessionCookieName(t.app.config)}=${buyer.token}`;
    expect((await send(appPort, "/dev/mailbox", { from: "127.0.0.1" })).status).toBe(200);
    expect(await send(appPort, checkoutPath, { from: "127.0.0.1", headers: { Cookie: cookie } })).toMatchObject({
      status: 200,
      text: "sandbox checkout",
    });
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      const headers = { [header]: header === "Forwarded" ? "for=127.0.0.1" : "127.0.0.1" };
      expect((await send(appPort, "/dev/mailbox", { from: "127.0.0.1", headers })).status, header).toBe(404);
      expect((await send(appPort, checkoutPath, { from: "127.0.0.1", headers: { ...headers, Cookie: cookie } })).status).toBe(
        404,
      );
    }
  });

  it("hides the stand-ins from a loopback request that names another host (a page rebound to 127.0.0.1 by DNS)", async () => {
    const cookie = `${sessionCookieName(t.app.config)}=${buyer.token}`;
    for (const host of ["evil.example", `evil.example:${appPort}`, `localhost.evil.example:${appPort}`]) {
      expect((await send(appPort, "/dev/mailbox", { from: "127.0.0.1", headers: { Host: host } })).status, host).toBe(404);
      expect(
        (await send(appPort, checkoutPath, { from: "127.0.0.1", headers: { Host: host, Cookie: cookie } })).status,
        host,
      ).toBe(404);
    }
    expect((await send(appPort, "/dev/mailbox", { from: "127.0.0.1", headers: { Host: `localhost:${appPort}` } })).status).toBe(
      200,
    );
  });

  it.skipIf(LAN_ADDRESS === null)("hides the stand-ins from a peer on the network, even in local mode", async () => {
    const from = LAN_ADDRESS as string;
    const cookie = `${sessionCookieName(t.app.config)}=${buyer.token}`;
    expect((await send(appPort, "/healthz", { from, to: from })).status).toBe(200);
    expect((await send(appPort, "/dev/mailbox", { from, to: from })).status).toBe(404);
    expect((await send(appPort, checkoutPath, { from, to: from, headers: { Cookie: cookie } })).status).toBe(404);
  });
});

describe.skipIf(NGINX === null)("behind nginx (skipped when nginx is not installed; .ci/run installs it)", () => {
  let nginx: RunningNginx | undefined;
  let nginxDir: string;
  let proxyPort: number;

  beforeAll(async () => {
    proxyPort = await freePort();
    nginxDir = await mkdtemp(path.join(tmpdir(), "sticker-nginx-"));
    const config = `
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/client_body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_bind ${PROXY_ADDRESS};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
    nginx = await startNginx(nginxDir, config, proxyPort);
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    if (nginxDir) await rm(nginxDir, { recursive: true, force: true });
  });

  it("gives two clients with different addresses separate rate-limit counts through nginx", async () => {
    const a = [];
    for (let i = 0; i <= LINK_LIMIT; i++) a.push(await askForLink(proxyPort, CLIENT_A));
    expect(a).toEqual([200, 200, "RATE_LIMITED"]);
    // Client A is spent; client B, through the same proxy, still has its whole budget.
    const b = [];
    for (let i = 0; i <= LINK_LIMIT; i++) b.push(await askForLink(proxyPort, CLIENT_B));
    expect(b).toEqual([200, 200, "RATE_LIMITED"]);
  });

  it("counts a client by the address nginx saw, whatever X-Forwarded-For the client sent", async () => {
    // CLIENT_A spent its budget above; a forged header naming a fresh address does not refill it.
    expect(await askForLink(proxyPort, CLIENT_A, { "X-Forwarded-For": "198.51.100.77" })).toBe("RATE_LIMITED");
    // A fresh client through nginx pretending to be the spent CLIENT_B is counted as itself.
    expect(await askForLink(proxyPort, "127.0.0.7", { "X-Forwarded-For": CLIENT_B })).toBe(200);
  });

  it("logs the address nginx saw as the request's client", async () => {
    await send(proxyPort, "/healthz", {
      from: CLIENT_B,
      headers: { "X-Request-Id": "through-nginx-0001", "X-Forwarded-For": "1.2.3.4" },
    });
    expect(requestLogOf("through-nginx-0001")?.client).toBe(CLIENT_B);
  });

  it("answers through nginx with the app's own request id, the one its log line carries, not the id the client sent", async () => {
    const answer = await send(proxyPort, "/healthz", { from: CLIENT_A, headers: { "X-Request-Id": "through-nginx-0002" } });
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLogOf("through-nginx-0002")?.reqId).toBe(answer.requestId);
  });

  it("answers 404 for the dev mailbox and the sandbox's checkout page through the proxy", async () => {
    const cookie = `${sessionCookieName(t.app.config)}=${buyer.token}`;
    expect((await send(proxyPort, "/healthz", { from: "127.0.0.1" })).status).toBe(200);
    expect((await send(proxyPort, "/dev/mailbox", { from: "127.0.0.1" })).status).toBe(404);
    expect((await send(proxyPort, checkoutPath, { from: "127.0.0.1", headers: { Cookie: cookie } })).status).toBe(404);
  });
});
