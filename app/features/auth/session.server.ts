import type { AppContext } from "../../../server/context.ts";
import { resolveSession } from "../../../server/sessions/resolve-session.ts";
import { sessionCookieName } from "../../../server/sessions/session-cookie.ts";
import { getUserInfo, type UserInfo } from "../../../server/sessions/user-info.ts";

/**
 * The signed-in user behind a page request (cookie `token`, `__Host-token` on https), or null; a dead
 * session is a visitor.
 */
export async function userOfRequest(
  { database: { db }, config }: Pick<AppContext, "database" | "config">,
  request: Request,
): Promise<UserInfo | null> {
  const name = sessionCookieName(config);
  const token = request.headers
    .get("cookie")
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!token) return null;
  const viewer = await resolveSession(db, safeDecode(token));
  if (!viewer) return null;
  return getUserInfo(db, viewer).catch(() => null);
}

/** A cookie value as written (percent-encoded); a malformed one is kept as is and finds no session. */
function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export type { UserInfo };
