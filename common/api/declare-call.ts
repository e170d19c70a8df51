import type { z } from "zod";

/**
 * Who may make a call; the router checks it before the handler runs and hands the handler a viewer
 * of that kind (server/http/define-call.ts):
 * - "public": anyone; the viewer is the signed-in user or null.
 * - "user": a signed-in user, else AUTH_ERROR.
 * - "staff": a signed-in moderator or admin, else AUTH_ERROR / NO_PERMISSION (decision 0031).
 * - "admin": a signed-in admin, else AUTH_ERROR / NO_PERMISSION.
 */
export type CallAccess = "public" | "user" | "staff" | "admin";

/**
 * Which key must sign a call (decision 0003); the router checks it, handlers never do.
 * - "caller" (the default): the caller's own key — its session's signing key when signed in, else
 *   the public client key.
 * - "session-or-client": the session's key or the public client key, whichever the caller holds: for
 *   the call through which a tab signed in by another tab learns the session's key (refreshUserInfo).
 * Requests that cannot sign at all (payment webhooks, links opened from a mail) are not API calls:
 * they are routes mounted outside the API router.
 */
export type SignatureMode = "caller" | "session-or-client";

/**
 * One API call, declared once: its method and path, who may make it, and the zod schemas of what it
 * takes and answers. The server implements the declaration (`implementCall`), the browser calls it
 * through the typed client (`api.<feature>.<call>(input)` in app/lib/api/api.ts), and /api/docs is
 * generated from it, so a renamed field or path breaks the type check on both sides.
 */
export interface CallDeclaration<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
> {
  method: "GET" | "POST";
  path: `/api/${string}`;
  summary: string;
  tag: string;
  access: A;
  input: I;
  output: O;
  /** How a POST body arrives: JSON (default) or multipart/form-data with files (uploads). */
  body?: "json" | "multipart";
  /** Which key must sign the call; "caller" when omitted. */
  signature?: SignatureMode;
  /**
   * A list the caller may revalidate (decision 0022): the answer carries an ETag and
   * `Cache-Control: private, no-cache`, and a matching If-None-Match is answered 304 without a body.
   */
  etag?: boolean;
}

export function declareCall<I extends z.ZodType, O extends z.ZodType, A extends CallAccess>(
  declaration: CallDeclaration<I, O, A>,
): CallDeclaration<I, O, A> {
  return declaration;
}

/** What the browser sends for a call (before the server's defaults and coercions). */
export type CallInput<D extends CallDeclaration> = z.input<D["input"]>;

/** What a call answers: the envelope's `data`. */
export type CallAnswer<D extends CallDeclaration> = z.output<D["output"]>;

/** What the browser's client needs to reach a call: no schema, so no zod in the browser's bundle. */
export interface CallRoute {
  method: "GET" | "POST";
  path: string;
  body: "json" | "multipart";
}

/**
 * `{ feature: { call: declaration } }` → `{ "feature.call": "POST /api/pack/reorder" }` (" multipart"
 * appended for uploads), the table the browser's client reads: one short string a call, since it
 * comes with every page's first load.
 */
export function routeTableOf(calls: Record<string, Record<string, CallDeclaration>>): Record<string, string> {
  const table: Record<string, string> = {};
  for (const [feature, declarations] of Object.entries(calls)) {
    for (const [name, declaration] of Object.entries(declarations)) {
      const multipart = declaration.body === "multipart" ? " multipart" : "";
      table[`${feature}.${name}`] = `${declaration.method} ${declaration.path}${multipart}`;
    }
  }
  return table;
}

/** A route of the table back into its parts. */
export function routeOf(entry: string): CallRoute {
  const [method, path = "", body] = entry.split(" ");
  return { method: method === "POST" ? "POST" : "GET", path, body: body === "multipart" ? "multipart" : "json" };
}
