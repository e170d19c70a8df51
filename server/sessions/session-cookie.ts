import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import type { AppEnv } from "../http/env.ts";

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
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  setCookie(c, sessionCookieName(config), token, { httpOnly: true, sameSite: "Lax", path: "/", secure: config.secure, maxAge });
}

export function clearSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">) {
  deleteCookie(c, sessionCookieName(config), { path: "/", httpOnly: true, sameSite: "Lax", secure: config.secure });
}
