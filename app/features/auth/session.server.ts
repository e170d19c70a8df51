import type { Db } from "../../../server/db/client.ts";
import { resolveSession } from "../../../server/sessions/resolve-session.ts";
import { getUserInfo, type UserInfo } from "../../../server/sessions/user-info.ts";

/** The signed-in user behind a page request (cookie `token`), or null; a dead session is a visitor. */
export async function userOfRequest(db: Db, request: Request): Promise<UserInfo | null> {
  const token = request.headers.get("cookie")?.match(/(?:^|;\s*)token=([^;]+)/)?.[1];
  if (!token) return null;
  const viewer = await resolveSession(db, decodeURIComponent(token));
  if (!viewer) return null;
  return getUserInfo(db, viewer).catch(() => null);
}

export type { UserInfo };
