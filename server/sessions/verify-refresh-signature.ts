import type { Context } from "hono";
import { AppError } from "#common/errors.ts";
import { queryParams } from "#common/signature.ts";
import type { Config } from "../config.ts";
import type { Viewer } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { verifySignedCall } from "../http/signature-guard.ts";

/**
 * refreshUserInfo is how a tab signed in by another tab learns the session's signing key (decision
 * 0003), so it must accept a GET signed with the public client key as well as one signed with the
 * session's key. Everything else (V header, timestamp window, HMAC) is checked as for any call.
 */
export function verifySessionOrClientSignature(c: Context<AppEnv>, config: Config, viewer: Viewer) {
  const url = new URL(c.req.url);
  const check = (key: string) =>
    verifySignedCall({
      method: c.req.method,
      path: url.pathname,
      params: queryParams(url.searchParams),
      headers: c.req.raw.headers,
      key,
      maxSkewSeconds: config.SIGNATURE_MAX_SKEW_SECONDS,
    });
  try {
    check(viewer.signingKey);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "SIGNATURE_INVALID") throw error;
    check(config.CLIENT_SIGNING_KEY);
  }
}
