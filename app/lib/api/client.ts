import { TIMEOUTS_MS } from "#common/constants.ts";
import { type Envelope, type ErrorEnvelope, isSuccess } from "#common/envelope.ts";
import { acceptLanguageOf } from "#common/languages.ts";
import { API_VERSION, bodyParams, SIGNATURE_HEADERS, type SignedParam, signCall } from "#common/signature.ts";
import { apiClientState, configureApiClient, serverNow } from "./client-state.ts";

/** A failed call: `status` is the envelope's code (or NETWORK / TIMEOUT), `body` the whole answer (spec §8). */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: string;
  readonly body: Partial<ErrorEnvelope> & Record<string, unknown>;
  constructor(status: string, body: Partial<ErrorEnvelope> & Record<string, unknown>) {
    super(typeof body.msg === "string" ? body.msg : status);
    this.status = status;
    this.body = body;
  }
}

export interface CallOptions {
  params?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** A multipart body (uploads): its string fields are signed, its files are not. */
  form?: FormData;
  timeoutMs?: number;
  /** Concurrent identical calls share one request (e.g. refreshUserInfo, spec §7). */
  dedupe?: boolean;
}

const inFlight = new Map<string, Promise<unknown>>();

/** A signed call to the product API (decision 0003); resolves to the envelope's data. */
export function apiCall<T>(method: "GET" | "POST", path: string, options: CallOptions = {}): Promise<T> {
  if (!options.dedupe) return send<T>(method, path, options);
  const key = `${method} ${path} ${JSON.stringify(options.params ?? null)} ${JSON.stringify(options.body ?? null)}`;
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const call = send<T>(method, path, options).finally(() => inFlight.delete(key));
  inFlight.set(key, call);
  return call;
}

/** A `Date` header's reading, as the server's time at the middle of its second. */
function serverTimeOf(response: Response): number | null {
  const time = Date.parse(response.headers.get("date") ?? "");
  return Number.isNaN(time) ? null : time + 500;
}

/**
 * The headers that sign a call (decision 0003) and whether it went out signed in. Shared with the
 * picture upload that reports its progress (app/features/create/upload-picture.ts), which needs XHR.
 */
export async function signedHeadersFor(method: "GET" | "POST", path: string, params: SignedParam[]) {
  const timestamp = String(Math.round(serverNow()));
  const signedIn = apiClientState.signedIn;
  const signature = await signCall(method, path, params, timestamp, apiClientState.signingKey);
  const headers: Record<string, string> = {
    [SIGNATURE_HEADERS.version]: API_VERSION,
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.client]: `web/${apiClientState.release}`,
    [SIGNATURE_HEADERS.signature]: signature,
    // Names the key, so a session that ended answers AUTH_ERROR rather than "Illegal request" (decision 0017).
    [SIGNATURE_HEADERS.key]: signedIn ? "session" : "client",
    "Accept-Language": acceptLanguageOf(apiClientState.language),
  };
  return { headers, signedIn };
}

async function send<T>(method: "GET" | "POST", path: string, options: CallOptions, retriedStale = false): Promise<T> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.params ?? {})) {
    if (value !== null && value !== undefined) search.append(name, String(value));
  }
  const params: SignedParam[] =
    method === "GET"
      ? [...search.entries()]
      : options.form
        ? [...options.form.entries()].filter(([, value]) => typeof value === "string")
        : bodyParams(options.body ?? {});
  const { headers, signedIn } = await signedHeadersFor(method, path, params);
  // A FormData body sets its own multipart Content-Type (with the boundary).
  if (method === "POST" && !options.form) headers["Content-Type"] = "application/json";
  const url = search.size > 0 ? `${path}?${search}` : path;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: method === "POST" ? (options.form ?? JSON.stringify(options.body ?? {})) : null,
      credentials: "same-origin",
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUTS_MS.default),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new ApiError(timedOut ? "TIMEOUT" : "NETWORK", { msgKey: timedOut ? "errors.timeout" : "errors.network" });
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError("INTERNAL_ERROR", { msgKey: "errors.internal" });
  }
  if (isSuccess(envelope)) return envelope.data;
  const serverTime = serverTimeOf(response);
  if (envelope.status === "SIGNATURE_STALE" && !retriedStale && serverTime !== null) {
    // The device clock moved since the page learned the offset: take the server's time and sign again once.
    configureApiClient({ clockOffsetMs: serverTime - Date.now() });
    return send<T>(method, path, options, true);
  }
  if (envelope.status === "AUTH_ERROR") apiClientState.onAuthError(signedIn);
  throw new ApiError(String(envelope.status), envelope as ErrorEnvelope & Record<string, unknown>);
}
