import { parse } from "hono/utils/cookie";
import type { Config } from "#server/config.ts";
import type { AppContext } from "#server/context.ts";
import { resolveSession } from "#server/sessions/resolve-session.ts";
import { sessionCookieHeader, sessionCookieName } from "#server/sessions/session-cookie.ts";
import { getUserInfo, type UserInfo } from "#server/sessions/user-info.ts";

/** The session token of a page request: cookie `token`, `__Host-token` on https (decision 0012). */
function sessionTokenOfPage(config: Pick<Config, "secure">, request: Request): string | null {
  const name = sessionCookieName(config);
  return parse(request.headers.get("cookie") ?? "", name)[name] ?? null;
}

/**
 * The signed-in user behind a page request (the session cookie), or null; a dead session is a visitor.
 * Only the root loader, which re-issues the cookie (`renewedSessionCookie`), moves the session's idle
 * deadline; every other loader passes `{ touch: false }`, since it runs alone on in-app navigation and
 * would otherwise take the day's renewal from the API call that re-issues the cookie (decision 0017).
 */
export async function userOfRequest(
  { database: { db }, config }: Pick<AppContext, "database" | "config">,
  request: Request,
  { touch = true }: { touch?: boolean } = {},
): Promise<UserInfo | null> {
  const token = sessionTokenOfPage(config, request);
  if (!token) return null;
  const viewer = await resolveSession(db, token, { touch });
  if (!viewer) return null;
  return getUserInfo(db, viewer).catch(() => null);
}

/**
 * Sliding sessions on page loads (decision 0017): a signed-in page's response re-issues the session
 * cookie to live as long as the session now may, so a user who only opens pages stays signed in.
 */
export function renewedSessionCookie(config: Pick<Config, "secure">, request: Request, user: UserInfo | null): string | null {
  const token = sessionTokenOfPage(config, request);
  return user && token ? sessionCookieHeader(config, token, new Date(user.expiresTime)) : null;
}

export type { UserInfo };
