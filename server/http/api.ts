import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie } from "hono/cookie";
import { parse as parseCookies } from "hono/utils/cookie";
import type { z } from "zod";
import { AppError } from "#common/errors.ts";
import { bodyParams, queryParams, SIGNATURE_HEADERS, type SignedParam } from "#common/signature.ts";
import type { Config } from "../config.ts";
import type { AppContext, Viewer } from "../context.ts";
import { requireStaff } from "../moderation/staff.ts";
import { resolveSession } from "../sessions/resolve-session.ts";
import { renewSessionCookie, sessionCookieName } from "../sessions/session-cookie.ts";
import type { Call, SignatureMode, StaffViewer } from "./define-call.ts";
import type { AppEnv } from "./env.ts";
import { okEnvelope, PreparedAnswer, preparedParts, respondWithError, sendJson, sendPrepared } from "./envelope.ts";
import type { LaneLookup } from "./memory-lane.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { checkSignatureHeaders, verifySignedCall } from "./signature-guard.ts";

const JSON_BODY_LIMIT_BYTES = 64 * 1024;
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

/** The session token: the HttpOnly cookie for pages, `Authorization: <token>` for other clients. */
export function sessionTokenOf(c: Context<AppEnv>, config: Pick<Config, "secure">) {
  const header = c.req
    .header("authorization")
    ?.replace(/^Bearer\s+/i, "")
    .trim();
  return header || getCookie(c, sessionCookieName(config)) || null;
}

/** No call takes JSON nested deeper; refused before parsing, since signing a value recurses its depth. */
const JSON_MAX_DEPTH = 32;

function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      if (++depth > max) return true;
    } else if (char === "]" || char === "}") depth--;
  }
  return false;
}

async function readJsonBody(c: Context<AppEnv>) {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  if (nestedDeeperThan(text, JSON_MAX_DEPTH)) {
    throw new AppError("INVALID_INPUT", "nested too deeply", {
      issues: [`(input): nested deeper than ${JSON_MAX_DEPTH} levels`],
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("MALFORMED_JSON");
  }
}

/** The fields of a multipart form: strings, and File objects for files (signed: the string fields only). */
async function readMultipartBody(c: Context<AppEnv>) {
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
    throw new AppError("INVALID_INPUT", "expected multipart/form-data", { issues: ["(input): expected multipart/form-data"] });
  }
  try {
    return await c.req.parseBody();
  } catch (error) {
    throw new AppError("INVALID_INPUT", "unreadable multipart body", { cause: error });
  }
}

/**
 * Where the input holds a text PostgreSQL cannot store as it was sent: U+0000, or a lone half of a
 * surrogate pair (which would be stored as U+FFFD, and which `encodeURIComponent` throws on), in a text
 * or a key; null when nowhere.
 */
function unstorableTextAt(value: unknown, path: string): { at: string; what: string } | null {
  const inText = (text: string, at: string) => {
    if (text.includes("\u0000")) return { at, what: "must not contain the NUL character" };
    if (!text.isWellFormed()) return { at, what: "must be well-formed Unicode (no lone surrogate)" };
    return null;
  };
  if (typeof value === "string") return inText(value, path || "(input)");
  if (value === null || typeof value !== "object" || value instanceof Blob) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const found = inText(key, at) ?? unstorableTextAt(item, at);
    if (found !== null) return found;
  }
  return null;
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "(input)"}: ${issue.message}`);
}

/** The keys a call may be signed with, by its signature mode (decision 0003). */
export function signingKeysFor(
  mode: SignatureMode,
  viewer: Pick<Viewer, "signingKey"> | null,
  config: Pick<Config, "CLIENT_SIGNING_KEY">,
): string[] {
  switch (mode) {
    case "caller":
      return [viewer?.signingKey ?? config.CLIENT_SIGNING_KEY];
    case "session-or-client":
      return viewer ? [viewer.signingKey, config.CLIENT_SIGNING_KEY] : [config.CLIENT_SIGNING_KEY];
  }
}

/** A moderator or admin ("staff"), an admin ("admin"), else NO_PERMISSION. */
async function staffViewer(app: AppContext, viewer: Viewer, access: "staff" | "admin"): Promise<StaffViewer> {
  const { role } = await requireStaff(app.database.db, viewer.userId);
  if (access === "admin" && role !== "admin") throw new AppError("NO_PERMISSION");
  return { ...viewer, role };
}

/**
 * The answer matches the call's declared output, or the call fails loudly: on in tests, so every API
 * test also checks that the server says what the browser is told (common/api/).
 */
function checkAnswer(call: Call, data: unknown) {
  const checked = call.output.safeParse(data);
  if (!checked.success) {
    throw new Error(`${call.method} ${call.path} answered outside its declared output: ${issuesOf(checked.error).join("; ")}`);
  }
}

export interface ApiRouterOptions {
  /** Check every answer against its call's output schema (tests). */
  checkAnswers?: boolean;
}

/** Mounts every call under /api with the common rules of spec §7, plus /api/docs and a JSON catch-all. */
export function createApiRouter(app: AppContext, calls: readonly Call[], options: ApiRouterOptions = {}) {
  const api = new Hono<AppEnv>();
  api.onError((error, c) => respondWithError(c, error));

  const docs = buildOpenApiDocument(calls, app.config);
  api.get("/api/docs", (c) => sendJson(c, docs));

  for (const call of calls) {
    const multipart = call.body === "multipart";
    const limitBody = bodyLimit({
      // An upload may be as large as the file cap plus its form fields; anything else is small JSON.
      maxSize: multipart ? app.config.UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES : JSON_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError(multipart ? "UPLOAD_TOO_LARGE" : "PAYLOAD_TOO_LARGE");
      },
    });
    api.on(call.method, call.path, async (c) => {
      const url = new URL(c.req.url);
      const token = sessionTokenOf(c, app.config);
      const session = token ? await resolveSession(app.database.db, token) : null;
      const viewer: Viewer | null = session;
      if (token && session) renewSessionCookie(c, app.config, token, session);
      // A page that signed with its session's key (X-Key: session) but reaches us without a live
      // session had its cookie expire or its session end: that is AUTH_ERROR, not a forged call (decision 0017).
      const signedAsSession = c.req.header(SIGNATURE_HEADERS.key) === "session";
      if (!viewer && (token || signedAsSession)) {
        // A dead session: the page drops it (spec §8) and public calls go on as a visitor.
        if (token) deleteCookie(c, sessionCookieName(app.config), { path: "/", secure: app.config.secure });
        if (call.access !== "public" || signedAsSession) throw new AppError("AUTH_ERROR");
      }
      if (multipart) {
        // An upload is read only for a caller who can be let in (decision 0015): the session and the
        // signature's headers are checked first; the signature itself covers fields inside the body.
        if (call.access !== "public" && !viewer) throw new AppError("AUTH_ERROR");
        checkSignatureHeaders({ headers: c.req.raw.headers, maxSkewSeconds: app.config.SIGNATURE_MAX_SKEW_SECONDS });
      }
      // Refuses a declared length over the cap at once; a body without one (chunked) is buffered up to it.
      // A GET's body is never read (Hono's limit passes it anyway); asking for it would build a whole web
      // Request per call.
      if (call.method !== "GET") await limitBody(c, async () => undefined);

      const raw =
        call.method === "GET"
          ? Object.fromEntries(url.searchParams)
          : multipart
            ? await readMultipartBody(c)
            : await readJsonBody(c);
      const params: SignedParam[] =
        call.method === "GET"
          ? queryParams(url.searchParams)
          : multipart
            ? Object.entries(raw as Record<string, unknown>).filter(([, value]) => typeof value === "string")
            : bodyParams(raw);

      verifySignedCall({
        method: call.method,
        path: url.pathname,
        params,
        headers: c.req.raw.headers,
        keys: signingKeysFor(call.signature ?? "caller", viewer, app.config),
        maxSkewSeconds: app.config.SIGNATURE_MAX_SKEW_SECONDS,
      });
      if (call.access !== "public" && !viewer) throw new AppError("AUTH_ERROR");
      c.set("viewer", viewer);
      // Staff calls are refused before anything is read (decision 0031).
      const handlerViewer =
        viewer && (call.access === "staff" || call.access === "admin") ? await staffViewer(app, viewer, call.access) : viewer;

      const unstorable = unstorableTextAt(raw, "");
      if (unstorable !== null) {
        throw new AppError("INVALID_INPUT", "unstorable text", { issues: [`${unstorable.at}: ${unstorable.what}`] });
      }
      const parsed = call.input.safeParse(raw);
      if (!parsed.success) throw new AppError("INVALID_INPUT", "invalid input", { issues: issuesOf(parsed.error) });
      const data = await call.handle({ input: parsed.data, app, viewer: handlerViewer as StaffViewer, c });
      if (options.checkAnswers) checkAnswer(call, data instanceof PreparedAnswer ? data.data : data);
      if (data instanceof PreparedAnswer) return sendPrepared(c, data);
      return call.etag ? sendPrepared(c, new PreparedAnswer(data)) : sendJson(c, okEnvelope(data));
    });
  }

  const knownPaths = new Set<string>(calls.map((call) => call.path));
  api.all("/api/*", (c) => {
    throw new AppError(knownPaths.has(c.req.path) ? "METHOD_NOT_ALLOWED" : "API_NOT_FOUND");
  });
  return api;
}

/**
 * The memory lane's lookup for the calls that keep a visitor's answer in memory (`fromMemory`,
 * decision 0057): a GET of the call's own path, by a visitor (no session cookie, no Authorization, not
 * signed with a session's key), whose signature, text and input pass the router's own checks. Anything
 * else, and any check that fails, is the router's to answer, with its error envelope.
 */
export function callsFromMemory(app: AppContext, calls: readonly Call[]): LaneLookup {
  const byPath = new Map<string, Call>(
    calls.filter((call) => call.method === "GET" && call.fromMemory).map((call) => [call.path, call]),
  );
  const sessionCookie = sessionCookieName(app.config);
  return (request) => {
    const call = byPath.get(request.path);
    if (!call?.fromMemory || request.method !== "GET" || request.header("authorization")) return null;
    const cookie = request.header("cookie");
    if (cookie && sessionCookie in parseCookies(cookie, sessionCookie)) return null;
    if (request.header(SIGNATURE_HEADERS.key) === "session") return null;
    const search = new URLSearchParams(request.query);
    const raw = Object.fromEntries(search);
    try {
      verifySignedCall({
        method: "GET",
        path: request.path,
        params: queryParams(search),
        headers: { get: (name) => request.header(name) ?? null },
        keys: signingKeysFor(call.signature ?? "caller", null, app.config),
        maxSkewSeconds: app.config.SIGNATURE_MAX_SKEW_SECONDS,
      });
    } catch {
      return null;
    }
    if (unstorableTextAt(raw, "") !== null) return null;
    const parsed = call.input.safeParse(raw);
    const answer = parsed.success ? call.fromMemory(parsed.data) : undefined;
    if (!answer) return null;
    return { ...preparedParts(answer, request.header("if-none-match"), request.header("accept-encoding")), route: call.path };
  };
}
