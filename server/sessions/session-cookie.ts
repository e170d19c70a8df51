import type { Context } from "hono";
import { deleteCookie, generateCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import type { AppEnv } from "../http/env.ts";
import type { ResolvedSession } from "./resolve-session.ts";

function sessionCookieOptions(config: Pick<Config, "secure">, expiresAt: Date) {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  return { httpOnly: true, sameSite: "Lax", path: "/", secure: config.secure, maxAge } as const;
}

/** The spec's name for the session cookie (spec §4); on an https site it carries the __Host- prefix. */
export const SESSION_COOKIE = "token";

/**
 * The session cookie's real name: `__Host-token` on an https PUBLIC_URL (Secure, Path=/, no Domain,
 * so no other host can plant or overwrite it; decision 0012), else `token`.
 */
export function sessionCookieName(config: Pick<Config, "secure">) {
  return config.secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * The `token` cookie (decision 0003): HttpOnly, SameSite=Lax, living as long as the session may; on
 * https it is `__Host-token`, Secure (decision 0012).
 */
export function setSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">, token: string, expiresAt: Date) {
  setCookie(c, sessionCookieName(config), token, sessionCookieOptions(config, expiresAt));
}

/** The same cookie as a `Set-Cookie` value, for a page response (the root loader's headers). */
export function sessionCookieHeader(config: Pick<Config, "secure">, token: string, expiresAt: Date): string {
  return generateCookie(sessionCookieName(config), token, sessionCookieOptions(config, expiresAt));
}

/**
 * Sliding sessions (decision 0017): when a call moved the session's idle deadline, the cookie that
 * carried it is re-issued to live until the new deadline (never past the absolute end). Clients that
 * send `Authorization` keep their own copy of the token and get no cookie.
 */
export function renewSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">, token: string, session: ResolvedSession) {
  if (!session.renewed || c.req.header("authorization") || getCookie(c, sessionCookieName(config)) !== token) return;
  setSessionCookie(c, config, token, session.expiresAt);
}

export function clearSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">) {
  deleteCookie(c, sessionCookieName(config), { path: "/", httpOnly: true, sameSite: "Lax", secure: config.secure });
}
