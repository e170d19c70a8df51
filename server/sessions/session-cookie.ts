import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import { SESSION_COOKIE } from "../http/api.ts";
import type { AppEnv } from "../http/env.ts";

/** The `token` cookie (decision 0003): HttpOnly, SameSite=Lax, Secure on https, living as long as the session may. */
export function setSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: "Lax", path: "/", secure: config.secure, maxAge });
}

export function clearSessionCookie(c: Context<AppEnv>, config: Pick<Config, "secure">) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax", secure: config.secure });
}
