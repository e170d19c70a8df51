import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { declareCall } from "#common/api/declare-call.ts";
import { calls } from "#common/api/index.ts";
import { type Catalog, catalogs } from "#common/i18n/catalogs.ts";
import { LANGUAGES, type Language } from "#common/languages.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { allCalls } from "../calls.ts";
import { clientErrors, events, sessions, users } from "../db/schema.ts";
import { hashToken } from "../sessions/resolve-session.ts";
import { createApiRouter } from "./api.ts";
import { implementCall, type SignatureMode } from "./define-call.ts";
import type { AppEnv } from "./env.ts";

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = t.app.config.CLIENT_SIGNING_KEY;
});
afterAll(() => closeTestApp(t));

const send = (request: Request) => t.server.request(request);

/** A text of one language's own catalog, without falling back to English. */
function ownText(language: Language, key: string): string | undefined {
  let node: Catalog | string | undefined = catalogs[language];
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

describe("signed calls (spec §7, decision 0003)", () => {
  it("accepts a call signed with the visitor key and answers the { status: 200, data } envelope", async () => {
    const response = await send(await signedRequest("POST", "/api/event", { key, body: { name: "page_view", path: "/" } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, data: { recorded: true } });
    const stored = await t.app.database.db.select().from(events).where(eq(events.name, "page_view"));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.path).toBe("/");
  });

  it("rejects a call without the signature headers with SIGNATURE_MISSING and a translated message", async () => {
    const response = await send(
      new Request("http://localhost/api/event", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "fr" },
        body: JSON.stringify({ name: "x" }),
      }),
    );
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body).toMatchObject({ status: "SIGNATURE_MISSING", data: null, msgKey: "catchMessage.IllegaRequest" });
    expect(body.msg).toBe(ownText("fr", "catchMessage.IllegaRequest"));
    expect(body.msg).not.toBe(ownText("en", "catchMessage.IllegaRequest"));
  });

  it("rejects a wrong key and a body altered after signing with SIGNATURE_INVALID", async () => {
    const wrongKey = await send(
      await signedRequest("POST", "/api/event", { key: "not-the-key-at-all-1234", body: { name: "a" } }),
    );
    expect((await wrongKey.json()).status).toBe("SIGNATURE_INVALID");
    const altered = await send(
      await signedRequest("POST", "/api/event", { key, body: { name: "a" }, sendBody: JSON.stringify({ name: "b" }) }),
    );
    expect(altered.status).toBe(401);
    expect((await altered.json()).status).toBe("SIGNATURE_INVALID");
  });

  it("signs query parameters of GET calls: an added parameter breaks the signature", async () => {
    const request = await signedRequest("GET", "/api/style/page", { key, params: { page: "1", size: "8" } });
    const untouched = await send(request.clone());
    expect([untouched.status, (await untouched.json()).status]).toEqual([200, 200]);
    const added = new URL(request.url);
    added.searchParams.set("type", "2");
    const withAdded = await send(new Request(added, { headers: request.headers }));
    expect(withAdded.status).toBe(401);
    expect((await withAdded.json()).status).toBe("SIGNATURE_INVALID");
    const changed = new URL(request.url);
    changed.searchParams.set("size", "24");
    const withChanged = await send(new Request(changed, { headers: request.headers }));
    expect((await withChanged.json()).status).toBe("SIGNATURE_INVALID");
  });

  it("rejects a timestamp more than 5 minutes away with SIGNATURE_STALE and accepts 4 minutes", async () => {
    const stale = await send(
      await signedRequest("POST", "/api/event", { key, body: { name: "a" }, timestamp: Date.now() - 5 * 60_000 - 5_000 }),
    );
    expect((await stale.json()).status).toBe("SIGNATURE_STALE");
    const future = await send(
      await signedRequest("POST", "/api/event", { key, body: { name: "a" }, timestamp: Date.now() + 6 * 60_000 }),
    );
    expect((await future.json()).status).toBe("SIGNATURE_STALE");
    const fine = await send(
      await signedRequest("POST", "/api/event", { key, body: { name: "a" }, timestamp: Date.now() - 4 * 60_000 }),
    );
    expect((await fine.json()).status).toBe(200);
  });

  it("rejects another API version", async () => {
    const response = await send(await signedRequest("POST", "/api/event", { key, body: { name: "a" }, headers: { V: "1" } }));
    expect((await response.json()).status).toBe("UNSUPPORTED_VERSION");
  });

  it("verifies a signed-in call with its session's own key, not the visitor key", async () => {
    const db = t.app.database.db;
    const [user] = await db.insert(users).values({ email: "sig@example.com" }).returning();
    const token = "session-token-for-signature-test";
    await db.insert(sessions).values({
      userId: user!.id,
      tokenHash: hashToken(token),
      signingKey: "session-signing-key-0123456789",
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const withSessionKey = await send(
      await signedRequest("POST", "/api/event", {
        key: "session-signing-key-0123456789",
        body: { name: "signed_in" },
        headers: { Cookie: `token=${token}` },
      }),
    );
    expect((await withSessionKey.json()).status).toBe(200);
    const [row] = await db.select().from(events).where(eq(events.name, "signed_in"));
    expect(row?.userId).toBe(user!.id);
    const withVisitorKey = await send(
      await signedRequest("POST", "/api/event", { key, body: { name: "x" }, headers: { Authorization: token } }),
    );
    expect((await withVisitorKey.json()).status).toBe("SIGNATURE_INVALID");
  });

  it("treats a dead session token on a public call as a visitor and clears the cookie", async () => {
    const response = await send(
      await signedRequest("POST", "/api/event", {
        key,
        body: { name: "after_logout" },
        headers: { Cookie: "token=expired-or-unknown" },
      }),
    );
    expect((await response.json()).status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^token=;/);
  });
});

describe("signature modes (decision 0003)", () => {
  const echo = (path: `/api/${string}`, signature?: SignatureMode) =>
    implementCall(
      declareCall({
        method: "GET",
        path,
        summary: "test call",
        tag: "test",
        access: "public",
        ...(signature ? { signature } : {}),
        input: z.object({}),
        output: z.object({ viewer: z.number().nullable() }),
      }),
      async ({ viewer }) => ({ viewer: viewer?.userId ?? null }),
    );
  let router: ReturnType<typeof createApiRouter>;
  let session: { token: string; signingKey: string };
  beforeAll(async () => {
    router = createApiRouter(t.app, [echo("/api/test/caller"), echo("/api/test/either", "session-or-client")]);
    const [user] = await t.app.database.db.insert(users).values({ email: "modes@example.com" }).returning();
    session = { token: "session-token-for-signature-modes", signingKey: "modes-session-key-0123456789" };
    await t.app.database.db.insert(sessions).values({
      userId: user!.id,
      tokenHash: hashToken(session.token),
      signingKey: session.signingKey,
      expiresAt: new Date(Date.now() + 3600_000),
    });
  });
  const statusOf = async (path: string, signingKey: string, signedIn: boolean) => {
    const headers: Record<string, string> = signedIn ? { Authorization: session.token } : {};
    const response = await router.request(await signedRequest("GET", path, { key: signingKey, headers }));
    return (await response.json()).status;
  };

  it("\"caller\" (the default) takes only the caller's own key: the session's when signed in, else the client key", async () => {
    expect(await statusOf("/api/test/caller", key, false)).toBe(200);
    expect(await statusOf("/api/test/caller", session.signingKey, true)).toBe(200);
    expect(await statusOf("/api/test/caller", key, true)).toBe("SIGNATURE_INVALID");
    expect(await statusOf("/api/test/caller", session.signingKey, false)).toBe("SIGNATURE_INVALID");
    expect(await statusOf("/api/test/caller", "a-key-of-no-one-0123456789", false)).toBe("SIGNATURE_INVALID");
  });

  it('"session-or-client" takes the session\'s key or the client key and refuses any other', async () => {
    expect(await statusOf("/api/test/either", session.signingKey, true)).toBe(200);
    expect(await statusOf("/api/test/either", key, true)).toBe(200);
    expect(await statusOf("/api/test/either", key, false)).toBe(200);
    expect(await statusOf("/api/test/either", "a-key-of-no-one-0123456789", true)).toBe("SIGNATURE_INVALID");
    // A session's key proves nothing without its session.
    expect(await statusOf("/api/test/either", session.signingKey, false)).toBe("SIGNATURE_INVALID");
  });
});

describe("input and unknown calls (spec §7, §8)", () => {
  it("answers malformed JSON with MALFORMED_JSON (400), never a 500", async () => {
    const response = await send(await signedRequest("POST", "/api/event", { key, body: {}, sendBody: "{not json" }));
    expect(response.status).toBe(400);
    expect((await response.json()).status).toBe("MALFORMED_JSON");
  });

  it("answers input that fails its schema with INVALID_INPUT and the fields at fault", async () => {
    const response = await send(await signedRequest("POST", "/api/event", { key, body: { name: "" } }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.status).toBe("INVALID_INPUT");
    expect(body.issues.join(" ")).toContain("name");
  });

  it("answers JSON nested deeper than 32 levels with INVALID_INPUT (not a server error) and takes 32", async () => {
    const nested = (depth: number) => `{"name":"a","props":{"x":${"[".repeat(depth - 2)}1${"]".repeat(depth - 2)}}}`;
    const deep = await send(await signedRequest("POST", "/api/event", { key, body: { name: "a" }, sendBody: nested(20_000) }));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ status: "INVALID_INPUT", issues: ["(input): nested deeper than 32 levels"] });
    const deepest = JSON.parse(nested(32));
    const fine = await send(await signedRequest("POST", "/api/event", { key, body: deepest }));
    expect([fine.status, (await fine.json()).status]).toEqual([200, 200]);
    const over = await send(await signedRequest("POST", "/api/event", { key, body: JSON.parse(nested(33)) }));
    expect((await over.json()).status).toBe("INVALID_INPUT");
    // Brackets inside strings are text, not nesting.
    const text = await send(
      await signedRequest("POST", "/api/event", { key, body: { name: "a", path: `"\\${"[{".repeat(100)}` } }),
    );
    expect((await text.json()).status).toBe(200);
  });

  it("refuses text holding the NUL character (PostgreSQL cannot store it) with INVALID_INPUT naming the field", async () => {
    const inProps = await send(await signedRequest("POST", "/api/event", { key, body: { name: "a", props: { k: "a\u0000b" } } }));
    expect(inProps.status).toBe(400);
    expect(await inProps.json()).toMatchObject({
      status: "INVALID_INPUT",
      issues: ["props.k: must not contain the NUL character"],
    });
    const inKey = await send(await signedRequest("POST", "/api/event", { key, body: { name: "a", props: { "k\u0000": 1 } } }));
    expect((await inKey.json()).issues).toEqual(["props.k\u0000: must not contain the NUL character"]);
    const inQuery = await send(await signedRequest("GET", "/api/style/page", { key, params: { page: "1", x: "\u0000" } }));
    expect(await inQuery.json()).toMatchObject({ status: "INVALID_INPUT", issues: ["x: must not contain the NUL character"] });
    const stored = await t.app.database.db.select().from(events).where(eq(events.name, "a"));
    expect(stored.filter((row) => JSON.stringify(row).includes("\\u0000"))).toEqual([]);
  });

  it("refuses text holding a lone half of a surrogate pair (stored as U+FFFD, unencodable in a URL) with INVALID_INPUT naming the field", async () => {
    const high = await send(await signedRequest("POST", "/api/event", { key, body: { name: "b", props: { k: "cat\uD83D" } } }));
    expect(high.status).toBe(400);
    expect(await high.json()).toMatchObject({
      status: "INVALID_INPUT",
      issues: ["props.k: must be well-formed Unicode (no lone surrogate)"],
    });
    const low = await send(await signedRequest("POST", "/api/event", { key, body: { name: "\uDC00b", props: {} } }));
    expect(await low.json()).toMatchObject({
      status: "INVALID_INPUT",
      issues: ["name: must be well-formed Unicode (no lone surrogate)"],
    });
    // A whole pair is a character like any other.
    const pair = await send(
      await signedRequest("POST", "/api/event", { key, body: { name: "b", props: { k: "cat\uD83D\uDE3A" } } }),
    );
    expect((await pair.json()).status).toBe(200);
    const stored = await t.app.database.db.select().from(events).where(eq(events.name, "b"));
    expect(stored.map((row) => row.props)).toEqual([{ k: "cat😺" }]);
  });

  it("answers an oversized body with PAYLOAD_TOO_LARGE (413)", async () => {
    const big = "x".repeat(70 * 1024);
    const response = await send(await signedRequest("POST", "/api/event", { key, body: { name: "a", path: big } }));
    expect(response.status).toBe(413);
    expect((await response.json()).status).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers unknown API paths with JSON API_NOT_FOUND and a wrong method with METHOD_NOT_ALLOWED", async () => {
    const unknown = await send(new Request("http://localhost/api/no/such/call"));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/json");
    expect((await unknown.json()).status).toBe("API_NOT_FOUND");
    const wrongMethod = await send(new Request("http://localhost/api/event"));
    expect(wrongMethod.status).toBe(405);
    expect((await wrongMethod.json()).status).toBe("METHOD_NOT_ALLOWED");
  });

  it("translates error messages into the caller's language: each language's own text, Arabic in Arabic", async () => {
    const answer = async (acceptLanguage: string) =>
      (await send(new Request("http://localhost/api/nope", { headers: { "Accept-Language": acceptLanguage } }))).json();
    const english = await answer("en-US");
    expect(english.msg).toBe("This request is not supported.");
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      const body = await answer(language);
      expect(body.msgKey, language).toBe(english.msgKey);
      // The language's own catalog entry (no fallback), and not the English text.
      expect(body.msg, language).toBe(ownText(language, "errors.apiNotFound"));
      expect(body.msg, language).not.toBe(english.msg);
    }
    expect((await answer("ar")).msg).toMatch(/\p{Script=Arabic}/u);
  });
});

describe("the declared calls (common/api/)", () => {
  const declared = Object.values(calls).flatMap((feature) => Object.values(feature));
  const routeOf = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

  it("every declared call is implemented exactly once, and nothing undeclared is mounted", () => {
    const implemented = allCalls(t.app).map(routeOf).sort();
    expect(new Set(implemented).size).toBe(implemented.length);
    expect(implemented).toEqual(declared.map(routeOf).sort());
    expect(declared.length).toBeGreaterThan(50);
  });

  it("a handler that answers outside its declared output fails loudly in tests instead of reaching the page", async () => {
    const drifting = implementCall(
      declareCall({
        method: "GET",
        path: "/api/test/drift",
        summary: "test call",
        tag: "test",
        access: "public",
        input: z.object({}),
        output: z.object({ packId: z.string() }),
      }),
      // A renamed field: what a server drifting from its declaration would send.
      async () => ({ id: "p1" }) as unknown as { packId: string },
    );
    // Mounted as the server mounts it, behind the request context that gives errors their logger.
    const checked = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set("log", t.app.log);
        await next();
      })
      .route("/", createApiRouter(t.app, [drifting], { checkAnswers: true }));
    const response = await checked.request(await signedRequest("GET", "/api/test/drift", { key }));
    expect(response.status).toBe(500);
    expect((await response.json()).status).toBe("INTERNAL_ERROR");
    const unchecked = createApiRouter(t.app, [drifting]);
    expect((await (await unchecked.request(await signedRequest("GET", "/api/test/drift", { key }))).json()).data).toEqual({
      id: "p1",
    });
  });
});

describe("declared access (common/api/declare-call.ts)", () => {
  const whoAmI = (access: "staff" | "admin") =>
    implementCall(
      declareCall({
        method: "POST",
        path: `/api/test/${access}`,
        summary: "test call",
        tag: "test",
        access,
        input: z.object({ n: z.number() }),
        output: z.object({ userId: z.number(), role: z.string() }),
      }),
      async ({ viewer }) => ({ userId: viewer.userId, role: viewer.role }),
    );
  let router: ReturnType<typeof createApiRouter>;
  const people: Record<"plain" | "moderator" | "admin", { token: string; signingKey: string; userId: number }> = {} as never;
  beforeAll(async () => {
    router = createApiRouter(t.app, [whoAmI("staff"), whoAmI("admin")], { checkAnswers: true });
    for (const [name, role] of [
      ["plain", null],
      ["moderator", "moderator"],
      ["admin", "admin"],
    ] as const) {
      const [user] = await t.app.database.db
        .insert(users)
        .values({ email: `access-${name}@example.com`, role })
        .returning();
      const session = { token: `access-token-${name}-0123456789`, signingKey: `access-key-${name}-0123456789` };
      await t.app.database.db.insert(sessions).values({
        userId: user!.id,
        tokenHash: hashToken(session.token),
        signingKey: session.signingKey,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      people[name] = { ...session, userId: user!.id };
    }
  });
  const call = async (path: string, who: keyof typeof people | null, body: unknown) => {
    const person = who ? people[who] : null;
    const request = await signedRequest("POST", path, {
      key: person?.signingKey ?? key,
      body,
      headers: person ? { Authorization: person.token } : {},
    });
    return (await router.request(request)).json();
  };

  it('"staff": a visitor gets AUTH_ERROR, a plain user NO_PERMISSION even with bad input, staff get a viewer with their role', async () => {
    expect((await call("/api/test/staff", null, { n: 1 })).status).toBe("AUTH_ERROR");
    expect((await call("/api/test/staff", "plain", { n: "not a number" })).status).toBe("NO_PERMISSION");
    expect((await call("/api/test/staff", "moderator", { n: 1 })).data).toEqual({
      userId: people.moderator.userId,
      role: "moderator",
    });
    expect((await call("/api/test/staff", "admin", { n: 1 })).data).toEqual({ userId: people.admin.userId, role: "admin" });
  });

  it('"admin": a moderator gets NO_PERMISSION, an admin gets in', async () => {
    expect((await call("/api/test/admin", "moderator", { n: 1 })).status).toBe("NO_PERMISSION");
    expect((await call("/api/test/admin", "admin", { n: 1 })).data).toEqual({ userId: people.admin.userId, role: "admin" });
  });
});

describe("OpenAPI description", () => {
  it("describes every call from the same schemas at /api/docs", async () => {
    const response = await send(new Request("http://localhost/api/docs"));
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    const event = doc.paths["/api/event"].post;
    expect(event.requestBody.content["application/json"].schema.properties.name.type).toBe("string");
    expect(event.requestBody.content["application/json"].schema.required).toContain("name");
    expect(doc.paths["/api/clientError"].post.requestBody.content["application/json"].schema.properties.kind.enum).toEqual([
      "error",
      "unhandledrejection",
      "boundary",
    ]);
  });

  it("states each operation's signature mode: session-or-client for refreshUserInfo, caller for the rest", async () => {
    const doc = await (await send(new Request("http://localhost/api/docs"))).json();
    expect(doc.paths["/api/user/refreshUserInfo"].get["x-signature"]).toBe("session-or-client");
    expect(doc.paths["/api/event"].post["x-signature"]).toBe("caller");
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, object>));
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      expect(operation).not.toHaveProperty("x-unsigned");
      expect(["caller", "session-or-client"]).toContain((operation as Record<string, unknown>)["x-signature"]);
    }
  });
});

describe("page error reports", () => {
  it("stores a report and limits each client to 20 a minute", async () => {
    const local = await createTestApp();
    try {
      const report = async () =>
        local.server.request(
          await signedRequest("POST", "/api/clientError", {
            key,
            body: { kind: "error", message: "TypeError: x is undefined", url: "http://localhost/" },
          }),
        );
      for (let i = 0; i < 20; i += 1) expect((await report()).status).toBe(200);
      const limited = await report();
      expect(limited.status).toBe(429);
      expect((await limited.json()).status).toBe("RATE_LIMITED");
      const stored = await local.app.database.db.select().from(clientErrors);
      expect(stored).toHaveLength(20);
      expect(stored[0]?.message).toBe("TypeError: x is undefined");
    } finally {
      await closeTestApp(local);
    }
  });

  it("forwards a report to the Sentry-compatible service named by SENTRY_DSN", async () => {
    const received: Array<{ url: string; auth: string; body: string }> = [];
    const sink: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ url: req.url ?? "", auth: String(req.headers["x-sentry-auth"]), body });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    const port = (sink.address() as AddressInfo).port;
    const local = await createTestApp({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` });
    try {
      const response = await local.server.request(
        await signedRequest("POST", "/api/clientError", {
          key,
          body: { kind: "unhandledrejection", message: "Error: lost promise" },
        }),
      );
      expect((await response.json()).status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.url).toBe("/api/42/envelope/");
      expect(received[0]?.auth).toContain("sentry_key=publickey");
      const [, itemHeader, event] = received[0]!.body.split("\n");
      expect(JSON.parse(itemHeader!)).toEqual({ type: "event" });
      expect(JSON.parse(event!).exception.values[0].value).toBe("Error: lost promise");
    } finally {
      await closeTestApp(local);
      sink.close();
    }
  });
});
