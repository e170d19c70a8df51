import type { Context } from "hono";
import { deleteCookie, generateCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import { SESSION_COOKIE } from "../http/api.ts";
import type { AppEnv } from "../http/env.ts";
import type { ResolvedSession } from "./resolve-session.ts";

function sessionCookieOptions(config: Pick<Config, "secure">, expiresAt: Date) {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  return { httpOnly: true, sameSite: "Lax", path: "/", secure: config.secure, maxAge } as const;
}

/** The `token` cookie (decision 0003): HttpOnly, SameSite=Lax, Secure on https, living as long as the session may. */
export function setSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, sessionCookieOptions(config, expiresAt));
}

/** The same cookie as a `Set-Cookie` value, for a page response (the root loader's headers). */
export function sessionCookieHeader(config: Pick<Config, "secure">, token: string, expiresAt: Date): string {
  return generateCookie(SESSION_COOKIE, token, sessionCookieOptions(config, expiresAt));
}

/**
 * Sliding sessions (decision 0017): when a call moved the session's idle deadline, the cookie that
 * carried it is re-issued to live until the new deadline (never past the absolute end). Clients that
 * send `Authorization` keep their own copy of the token and get no cookie.
 */
export function renewSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">, token: string, session: ResolvedSession) {
  if (!session.renewed || c.req.header("authorization") || getCookie(c, SESSION_COOKIE) !== token) return;
  setSessionCookie(c, config, token, session.expiresAt);
}

export function clearSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax", secure: config.secure });
}
