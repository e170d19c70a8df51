/**
 * A simulated user of the cluster: plain HTTP from its own loopback address (so the balancer and the
 * shared rate limits tell users apart), the session cookie, and calls signed as the page signs them
 * (common/signature.ts, decision 0003). Idempotent reads are retried when a connection is cut or the
 * balancer had no process to answer; everything else that goes wrong is counted.
 */
import { Agent, request as httpRequest } from "node:http";
import { SIGNATURE_HEADERS } from "#common/signature.ts";
import { signatureHeaders } from "#tests/support/call-signature.ts";
import type { CaughtMail } from "#tests/support/smtp-sink.ts";
import { CLIENT_KEY, sleep } from "./cluster.ts";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Envelope<T = unknown> {
  status: number | string;
  data: T;
  msg?: string;
}

export interface Traffic {
  requests: number;
  /** Idempotent reads sent again after a cut connection or a balancer error. */
  retried: number;
  retriedWhy: string[];
  /** Requests whose connection was cut and that could not be sent again (not idempotent). */
  cut: string[];
  /** Everything else that did not answer as expected. */
  failures: string[];
}

export function newTraffic(): Traffic {
  return { requests: 0, retried: 0, retriedWhy: [], cut: [], failures: [] };
}

/** A connection cut, or the balancer answering that no web process could (502/503/504 from nginx). */
class CutError extends Error {}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

export class ClusterUser {
  email: string;
  readonly origin: string;
  private readonly agent: Agent;
  private readonly traffic: Traffic;
  cookie: string | null = null;
  signingKey = CLIENT_KEY;

  constructor(options: { email: string; origin: string; localAddress: string; traffic: Traffic }) {
    this.email = options.email;
    this.origin = options.origin;
    this.traffic = options.traffic;
    this.agent = new Agent({ keepAlive: true, localAddress: options.localAddress, maxSockets: 4 });
  }

  close() {
    this.agent.destroy();
  }

  /** One request, to the balancer or (with `port`) straight to one web process on 127.0.0.1. */
  private once(
    method: string,
    pathAndQuery: string,
    options: { headers?: Record<string, string>; body?: Buffer | string; port?: number },
  ): Promise<Answer> {
    const target = new URL(this.origin);
    const direct = options.port !== undefined;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: direct ? "127.0.0.1" : target.hostname === "localhost" ? "127.0.0.1" : target.hostname,
          port: options.port ?? Number(target.port),
          method,
          path: pathAndQuery,
          // Straight to a process, the Host names that process (the payments sandbox answers only such requests).
          headers: {
            Host: direct ? `localhost:${options.port}` : target.host,
            ...(this.cookie ? { Cookie: this.cookie } : {}),
            ...options.headers,
          },
          agent: direct ? false : this.agent,
          timeout: 60_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", (error) => reject(new CutError(String(error))));
          res.on("aborted", () => reject(new CutError("response cut mid-body")));
          res.on("end", () => {
            if (!res.complete) reject(new CutError("response cut mid-body"));
            else resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timed out")));
      req.once("error", (error) => reject(new CutError(String(error))));
      req.end(options.body);
    });
  }

  /**
   * A request; GET and HEAD are sent again (up to 4 times) after a cut or a gateway error. `uncounted`:
   * a cut is the caller's to judge (a process that may be stopping), neither retried nor counted.
   */
  async send(
    method: string,
    pathAndQuery: string,
    options: { headers?: Record<string, string>; body?: Buffer | string; port?: number; uncounted?: boolean } = {},
  ): Promise<Answer> {
    const idempotent = method === "GET" || method === "HEAD";
    for (let attempt = 0; ; attempt++) {
      this.traffic.requests += 1;
      try {
        const answer = await this.once(method, pathAndQuery, options);
        if (!GATEWAY_STATUSES.has(answer.status) || options.port !== undefined) return answer;
        throw new CutError(`the balancer answered ${answer.status}`);
      } catch (error) {
        if (!(error instanceof CutError)) throw error;
        if (!idempotent || attempt >= 4 || options.uncounted) {
          if (!options.uncounted) this.traffic.cut.push(`${method} ${pathAndQuery.split("?")[0]}: ${error.message}`);
          throw error;
        }
        this.traffic.retried += 1;
        this.traffic.retriedWhy.push(`${method} ${pathAndQuery.split("?")[0]}: ${error.message}`);
        await sleep(200 * (attempt + 1));
      }
    }
  }

  /** A signed API call; answers the envelope. */
  async call<T = unknown>(
    method: "GET" | "POST",
    pathname: string,
    options: { params?: Record<string, string>; body?: unknown; form?: FormData; port?: number; uncounted?: boolean } = {},
  ): Promise<Envelope<T>> {
    const search = new URLSearchParams(options.params ?? {});
    const headers: Record<string, string> = {
      ...(await signatureHeaders(method, pathname, { ...options, search, key: this.signingKey, client: "cluster/1" })),
      [SIGNATURE_HEADERS.key]: this.signingKey === CLIENT_KEY ? "client" : "session",
      "Accept-Language": "en-US",
    };
    let body: Buffer | string | undefined;
    if (method === "POST" && options.form) {
      const encoded = new Response(options.form);
      headers["Content-Type"] = encoded.headers.get("content-type") ?? "";
      body = Buffer.from(await encoded.arrayBuffer());
    } else if (method === "POST") {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.body ?? {});
    }
    const answer = await this.send(method, `${pathname}${search.size ? `?${search}` : ""}`, {
      headers,
      body,
      port: options.port,
      uncounted: options.uncounted,
    });
    try {
      return JSON.parse(answer.body.toString("utf8")) as Envelope<T>;
    } catch {
      return { status: answer.status, data: null as T, msg: answer.body.toString("utf8").slice(0, 200) };
    }
  }

  /** A call that must succeed: its data, or a counted failure (thrown). */
  async ok<T = unknown>(
    method: "GET" | "POST",
    pathname: string,
    options: { params?: Record<string, string>; body?: unknown; form?: FormData; port?: number; uncounted?: boolean } = {},
  ): Promise<T> {
    const answer = await this.call<T>(method, pathname, options);
    if (answer.status !== 200) {
      const failure = `${method} ${pathname} as ${this.email}: ${answer.status} ${answer.msg ?? ""}`;
      this.traffic.failures.push(failure);
      throw new Error(failure);
    }
    return answer.data;
  }

  /** Expects an HTTP status; a different one is a counted failure. */
  async expectStatus(method: string, pathAndQuery: string, status: number, options: { port?: number } = {}) {
    const answer = await this.send(method, pathAndQuery, options);
    if (answer.status !== status) {
      const failure = `${method} ${pathAndQuery} as ${this.email}${options.port ? ` on :${options.port}` : ""}: ${answer.status}, expected ${status}`;
      this.traffic.failures.push(failure);
      throw new Error(failure);
    }
    return answer;
  }

  /**
   * Signs in as a person would: asks for the link, opens the mail's link (the confirm page), and posts
   * its button's form; then reads the session's signing key from refreshUserInfo.
   */
  async signIn(mails: CaughtMail[]) {
    await this.ok("GET", "/api/getVerifyEmail", { params: { email: this.email } });
    const link = await linkFor(mails, this.email);
    const url = new URL(link);
    await this.expectStatus("GET", `${url.pathname}${url.search}`, 200);
    const form = new URLSearchParams({
      token: url.searchParams.get("token") ?? "",
      s: url.searchParams.get("s") ?? "",
      lang: url.searchParams.get("lang") ?? "en",
    });
    const posted = await this.send("POST", url.pathname, {
      headers: { Origin: this.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    const cookie = ([] as string[]).concat(posted.headers["set-cookie"] ?? []).find((line) => /token=/.test(line));
    if (posted.status !== 303 || !cookie) {
      const failure = `sign-in post for ${this.email}: ${posted.status} without a session cookie`;
      this.traffic.failures.push(failure);
      throw new Error(failure);
    }
    this.cookie = cookie.split(";")[0] ?? null;
    const info = await this.ok<{ id: number; point: number; signingKey: string }>("GET", "/api/user/refreshUserInfo");
    this.signingKey = info.signingKey;
    return info;
  }
}

/** The sign-in link of the newest mail to `email` (quoted-printable soft breaks undone). */
async function linkFor(mails: CaughtMail[], email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const raw = mails
      .find((mail) => mail.to === email)
      ?.raw.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const link = raw?.match(/https?:\/\/[^\s"<>]+\/auth\/email\/callback\?[^\s"<>]+/)?.[0];
    if (link) return link.replaceAll("&amp;", "&");
    await sleep(200);
  }
  throw new Error(`no sign-in mail reached ${email}`);
}
