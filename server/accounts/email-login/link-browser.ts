import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Config } from "#server/config.ts";
import type { AppEnv } from "#server/http/env.ts";
import { EMAIL_CALLBACK_PATH, EMAIL_LINK_TTL_SECONDS } from "./sign-in-link.ts";

/**
 * Which browser asked for a sign-in link (decision 0033). Asking sets a random secret in a short-lived
 * HttpOnly cookie scoped to the link's page (kept when the browser already holds one, so every link it
 * asks for matches), and the link carries the secret's SHA-256 in its sealed parameter. The confirm page
 * compares the two: a link opened in another browser — one forwarded by someone who asked for it with
 * their own address, to sign the reader into their account — shows a warning. It is a warning, not a
 * refusal: opening one's own link on another device is ordinary.
 */
export const LINK_BROWSER_COOKIE = "sign_in_browser";

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function linkBrowserOf(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** The asking browser's mark for a new link; sets (or refreshes) its cookie on the answer. */
export function markAskingBrowser(c: Context<AppEnv>, config: Pick<Config, "secure">): string {
  const held = getCookie(c, LINK_BROWSER_COOKIE);
  const secret = held && SECRET.test(held) ? held : randomBytes(32).toString("base64url");
  setCookie(c, LINK_BROWSER_COOKIE, secret, {
    path: EMAIL_CALLBACK_PATH,
    httpOnly: true,
    sameSite: "Lax",
    secure: config.secure,
    maxAge: EMAIL_LINK_TTL_SECONDS,
  });
  return linkBrowserOf(secret);
}

/** Whether the browser opening a link is the one that asked for it (constant time). */
export function isAskingBrowser(c: Context<AppEnv>, mark: string | null): boolean {
  const secret = getCookie(c, LINK_BROWSER_COOKIE);
  if (!mark || !secret || !SECRET.test(secret)) return false;
  const expected = Buffer.from(mark);
  const given = Buffer.from(linkBrowserOf(secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
