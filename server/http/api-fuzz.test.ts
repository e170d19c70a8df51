import fc from "fast-check";
import { parseBody } from "hono/utils/body";
import { afterAll, describe, expect, it } from "vitest";
import { ERRORS, type ErrorCode, httpStatusOf, messageKeyOf } from "#common/errors.ts";
import { API_VERSION, bodyParams, queryParams, SIGNATURE_HEADERS, type SignedParam, signCall } from "#common/signature.ts";
import {
  brokenMultipart,
  fieldsOf,
  formEntries,
  headerJunk,
  jsonBodyText,
  queryEntries,
} from "#tests/fixtures/api-fuzz-inputs.ts";
import { signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp } from "#tests/support/test-app.ts";
import { allCalls } from "../calls.ts";
import { sessions } from "../db/schema.ts";
import { hashToken } from "../sessions/resolve-session.ts";
import type { Call } from "./define-call.ts";

/**
 * Every API call, fed generated hostile input through the real router in four modes (unsigned and
 * signed, visitor and signed-in user): no answer is a 5xx, every answer is the envelope of spec §7/§8
 * with the HTTP status of its code. Seeded, so a failure replays; fast-check prints the shrunk case.
 * Runs on PGlite only (scripts/test-on-postgres.ts skips it): it aims at the HTTP edge and the
 * validation in front of the services, which do not differ by database engine (decision 0018).
 */
const SEED = 20_261_111;
const CASES_PER_MODE = 250;

const MODES = [
  { name: "unsigned visitor", signed: false, user: false },
  { name: "signed visitor", signed: true, user: false },
  { name: "unsigned user", signed: false, user: true },
  { name: "signed user", signed: true, user: true },
] as const;
type Mode = (typeof MODES)[number];

const objectPrototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
const t = await createTestApp();
afterAll(() => closeTestApp(t));
const clientKey = t.app.config.CLIENT_SIGNING_KEY;
// A free user with no points: a prompt that happens to be valid stops at NOT_ENOUGH_POINTS, no job runs.
const user = await signInTestUser(t, "fuzz@example.com");
const calls = allCalls(t.app);

type Body =
  | { kind: "json"; text: string; contentType: string }
  | { kind: "form"; entries: Array<[string, string | File]> }
  | { kind: "raw"; text: string; contentType: string };

interface FuzzCase {
  method: string;
  query: Array<[string, string]>;
  body: Body | null;
  language: string;
  sessionVia: "cookie" | "authorization" | "bearer";
  deadToken: string | null;
  /** How an unsigned mode fails to sign. */
  unsigned: "none" | "partial" | "junk" | "wrong key" | "stale" | "other version";
  junk: { version: string; timestamp: string; client: string; sign: string };
}

function caseOf(call: Call): fc.Arbitrary<FuzzCase> {
  const fields = fieldsOf(call);
  const body: fc.Arbitrary<Body | null> =
    call.method === "GET"
      ? fc.constant(null)
      : call.body === "multipart"
        ? fc.oneof(
            { weight: 4, arbitrary: formEntries(fields).map((entries): Body => ({ kind: "form", entries })) },
            { weight: 1, arbitrary: brokenMultipart.map((raw): Body => ({ kind: "raw", ...raw })) },
          )
        : fc.record({
            kind: fc.constant("json" as const),
            text: jsonBodyText(fields),
            contentType: fc.constantFrom(
              "application/json",
              "application/json",
              "text/plain",
              "multipart/form-data; boundary=x",
              "",
            ),
          });
  const wrongMethods = ["PUT", "DELETE", "PATCH", "OPTIONS", call.method === "GET" ? "POST" : "GET"];
  return fc.record({
    method: fc.oneof(
      { weight: 19, arbitrary: fc.constant(call.method) },
      { weight: 1, arbitrary: fc.constantFrom(...wrongMethods) },
    ),
    query:
      call.method === "GET" ? queryEntries(fields) : fc.oneof(fc.constant<Array<[string, string]>>([]), queryEntries(fields)),
    body,
    language: fc.oneof(fc.constantFrom("en-US", "ar", "zh-HK", "ru;q=0.5, de", "*", "xx-YY", ""), headerJunk),
    sessionVia: fc.constantFrom("cookie", "authorization", "bearer"),
    deadToken: fc.oneof(
      { weight: 5, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: headerJunk.filter((token) => token.trim() !== "") },
    ),
    unsigned: fc.constantFrom("none", "partial", "junk", "wrong key", "stale", "other version"),
    junk: fc.record({ version: headerJunk, timestamp: headerJunk, client: headerJunk, sign: headerJunk }),
  });
}

/** The parameters the server signs: query for GET, top-level JSON fields, a form's string fields. */
async function signedParams(call: Call, url: URL, body: Body | null, request: Request): Promise<SignedParam[]> {
  if (call.method === "GET") return queryParams(url.searchParams);
  if (call.body === "multipart") {
    const form = await parseBody(request.clone()).catch(() => ({}));
    return Object.entries(form).filter(([, value]) => typeof value === "string");
  }
  const text = body?.kind === "json" ? body.text : "";
  if (text.trim() === "") return [];
  try {
    return bodyParams(JSON.parse(text));
  } catch {
    return [];
  }
}

async function sign(method: string, path: string, params: SignedParam[], timestamp: string, key: string) {
  try {
    return await signCall(method, path, params, timestamp, key);
  } catch {
    // A body too deeply nested to sign here: the server must still answer it with an envelope.
    return "0".repeat(64);
  }
}

async function requestOf(call: Call, fuzz: FuzzCase, mode: Mode): Promise<Request> {
  const url = new URL(`http://localhost${call.path}`);
  for (const [name, value] of fuzz.query) url.searchParams.append(name, value);
  const headers = new Headers({ "Accept-Language": fuzz.language });
  let body: BodyInit | null = null;
  if (fuzz.body && fuzz.method !== "GET") {
    if (fuzz.body.kind === "form") {
      const form = new FormData();
      for (const [name, value] of fuzz.body.entries) form.append(name, value);
      body = form;
    } else {
      body = fuzz.body.text;
      if (fuzz.body.contentType) headers.set("Content-Type", fuzz.body.contentType);
    }
  }
  const token = mode.user ? user.token : fuzz.deadToken;
  if (token) {
    if (fuzz.sessionVia === "cookie") headers.set("Cookie", `token=${token}`);
    else headers.set("Authorization", fuzz.sessionVia === "bearer" ? `Bearer ${token}` : token);
  }
  const draft = new Request(url, { method: fuzz.method, headers, body });
  const key = mode.user ? user.signingKey : clientKey;
  const now = Date.now();
  const set = (version: string, timestamp: string, signature: string) => {
    draft.headers.set(SIGNATURE_HEADERS.version, version);
    draft.headers.set(SIGNATURE_HEADERS.timestamp, timestamp);
    draft.headers.set(SIGNATURE_HEADERS.client, "fuzz/1");
    draft.headers.set(SIGNATURE_HEADERS.signature, signature);
  };
  const params = () => signedParams(call, url, fuzz.method === "GET" ? null : fuzz.body, draft);
  if (mode.signed) {
    set(API_VERSION, String(now), await sign(call.method, url.pathname, await params(), String(now), key));
    return draft;
  }
  const { junk } = fuzz;
  switch (fuzz.unsigned) {
    case "none":
      break;
    case "partial":
      draft.headers.set(SIGNATURE_HEADERS.version, API_VERSION);
      draft.headers.set(SIGNATURE_HEADERS.signature, junk.sign);
      break;
    case "junk":
      set(junk.version, junk.timestamp, junk.sign);
      draft.headers.set(SIGNATURE_HEADERS.client, junk.client);
      break;
    case "wrong key":
      // The visitor key where the session's alone is due, or a key of no one.
      set(
        API_VERSION,
        String(now),
        await sign(
          call.method,
          url.pathname,
          await params(),
          String(now),
          mode.user && call.signature !== "session-or-client" ? clientKey : `${key}x`,
        ),
      );
      break;
    case "stale":
      set(
        API_VERSION,
        String(now - 6 * 60_000),
        await sign(call.method, url.pathname, await params(), String(now - 6 * 60_000), key),
      );
      break;
    case "other version":
      set("1", String(now), await sign(call.method, url.pathname, await params(), String(now), key));
      break;
  }
  return draft;
}

const byStatus = new Map<number, number>();
const byCode = new Map<string, number>();
const casesByCall = new Map<string, number>();

const ERROR_CODES = new Set(Object.keys(ERRORS));

/**
 * What is wrong with an answer, or null: it must be the envelope (200 with data valid for the call's
 * output, or a known code with its HTTP status, data null, msg and msgKey) and never a 5xx.
 */
async function problemWith(call: Call, mode: Mode, fuzz: FuzzCase, response: Response): Promise<string | null> {
  byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
  if (response.status >= 500) return `HTTP ${response.status}: ${await response.text()}`;
  if (!response.headers.get("content-type")?.includes("application/json")) return "not JSON";
  const body = JSON.parse(await response.text());
  const code = String(body.status);
  byCode.set(code, (byCode.get(code) ?? 0) + 1);
  if (response.status === 200) {
    if (body.status !== 200) return `HTTP 200 with status ${code}`;
    if (!call.output.safeParse(body.data).success) return `data does not match the output schema: ${JSON.stringify(body.data)}`;
  } else {
    if (!ERROR_CODES.has(code)) return `unknown code ${code}`;
    if (httpStatusOf(code as ErrorCode) !== response.status) return `${code} with HTTP ${response.status}`;
    if (body.data !== null || typeof body.msg !== "string" || body.msg === "") return `bad envelope ${JSON.stringify(body)}`;
    if (body.msgKey !== messageKeyOf(code as ErrorCode)) return `${code} with msgKey ${body.msgKey}`;
  }
  if (fuzz.method !== call.method) return null;
  // A correctly signed call always gets past the signature, a live session past AUTH_ERROR;
  // no call succeeds unsigned or signed with a key its signature mode does not take.
  if (mode.signed && /^(SIGNATURE_|UNSUPPORTED_VERSION)/.test(code)) return `signed, yet ${code}`;
  if (mode.signed && mode.user && code === "AUTH_ERROR") return "signed in, yet AUTH_ERROR";
  if (!mode.signed && code === "200") return "unsigned, yet 200";
  return null;
}

/** Signing out ends the fuzz user's session: give the same user a new one so later cases stay signed in. */
async function renewSession() {
  const suffix = `${Date.now()}-${Math.random()}`;
  user.token = `token-fuzz-${suffix}`;
  user.signingKey = `signing-key-fuzz-${suffix}`;
  await t.app.database.db.insert(sessions).values({
    userId: user.userId,
    tokenHash: hashToken(user.token),
    signingKey: user.signingKey,
    expiresAt: new Date(Date.now() + 3600_000),
  });
}

describe(`API fuzz: ${CASES_PER_MODE * MODES.length} hostile inputs per call (seed ${SEED})`, () => {
  it.each(calls.map((call, index) => [`${call.method} ${call.path}`, call, index] as const))(
    "%s: no 5xx and an envelope for every input, unsigned and signed, visitor and user",
    async (name, call, index) => {
      for (const [modeIndex, mode] of MODES.entries()) {
        await fc.assert(
          fc.asyncProperty(caseOf(call), async (fuzz) => {
            casesByCall.set(name, (casesByCall.get(name) ?? 0) + 1);
            const response = await t.server.request(await requestOf(call, fuzz, mode));
            if (call.path === "/api/user/logout" && response.status === 200) await renewSession();
            const problem = await problemWith(call, mode, fuzz, response);
            if (problem !== null) expect.fail(`${mode.name}: ${problem}`);
          }),
          { seed: SEED + index * MODES.length + modeIndex, numRuns: CASES_PER_MODE },
        );
      }
    },
    120_000,
  );

  it("covered every call with at least 1,000 cases, left Object.prototype as it was, and printed the totals", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectPrototypeBefore);
    expect([...casesByCall.keys()].sort()).toEqual(calls.map((call) => `${call.method} ${call.path}`).sort());
    for (const [name, count] of casesByCall) expect(count, name).toBeGreaterThanOrEqual(1_000);
    const cases = [...casesByCall.values()].reduce((sum, count) => sum + count, 0);
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.log(
      `API fuzz (seed ${SEED}): ${casesByCall.size} operations, ${cases} cases; answers by HTTP status ${statuses.join(" ")}; ` +
        `by code ${[...byCode].map(([code, count]) => `${code}×${count}`).join(" ")}`,
    );
    expect(byStatus.get(200)).toBeGreaterThan(0);
  });
});
