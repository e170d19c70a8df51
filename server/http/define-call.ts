import type { Context } from "hono";
import type { z } from "zod";
import type { AppContext, Viewer } from "../context.ts";
import type { AppEnv } from "./env.ts";
import type { PreparedAnswer } from "./envelope.ts";

/**
 * One API call, declared once: its method and path, the zod schemas of what it takes and answers
 * (the same schemas parse input and generate /api/docs), who may call it, and the one service call
 * it makes. Handlers stay thin: guard → parse → call → envelope (docs/ARCHITECTURE.md, "Thin handlers").
 */
export type CallAccess = "public" | "user";

/**
 * Which key must sign a call (decision 0003); the router checks it, handlers never do.
 * - "caller" (the default): the caller's own key — its session's signing key when signed in, else
 *   the public client key.
 * - "session-or-client": the session's key or the public client key, whichever the caller holds: for
 *   the call through which a tab signed in by another tab learns the session's key (refreshUserInfo).
 * Requests that cannot sign at all (payment webhooks, links opened from a mail) are not API calls:
 * they are routes mounted outside this router.
 */
export type SignatureMode = "caller" | "session-or-client";

export interface CallArgs<Input> {
  input: Input;
  app: AppContext;
  /** The signed-in user; never null when access is "user". */
  viewer: Viewer | null;
  c: Context<AppEnv>;
}

export interface Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: "GET" | "POST";
  path: `/api/${string}`;
  summary: string;
  tag: string;
  input: I;
  output: O;
  access: CallAccess;
  /** How a POST body arrives: JSON (default) or multipart/form-data with files (uploads). */
  body?: "json" | "multipart";
  /** Which key must sign the call; "caller" when omitted. */
  signature?: SignatureMode;
  /**
   * A list the caller may revalidate (decision 0022): the answer carries an ETag and
   * `Cache-Control: private, no-cache`, and a matching If-None-Match is answered 304 without a body.
   */
  etag?: boolean;
  /** The answer's data, or the same already serialized (a cached answer, sent as it is with its ETag). */
  handle(args: CallArgs<z.infer<I>>): Promise<z.infer<O> | PreparedAnswer<z.infer<O>>>;
}

export function defineCall<I extends z.ZodType, O extends z.ZodType>(call: Call<I, O>): Call<I, O> {
  return call;
}

/** A call whose viewer is known to be signed in. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new Error("requireViewer on a public call");
  return viewer;
}
