import { getCookie } from "hono/cookie";
import { accountCalls as declared } from "#common/api/account.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { endSession } from "./end-session.ts";
import { clearSessionCookie, sessionCookieName, setSessionCookie } from "./session-cookie.ts";
import { getUserInfo } from "./user-info.ts";

export function sessionCalls(app: AppContext) {
  return [
    implementCall(declared.refresh, async ({ viewer, c }) => {
      const info = await getUserInfo(app.database.db, viewer);
      // The page's cookie lives as long as the session, whose idle deadline moves with use.
      const cookieToken = getCookie(c, sessionCookieName(app.config));
      if (cookieToken && !c.req.header("authorization")) setSessionCookie(c, app.config, cookieToken, new Date(info.expiresTime));
      return info;
    }),
    implementCall(declared.signOut, async ({ viewer, c }) => {
      await endSession(app.database.db, viewer.sessionId);
      clearSessionCookie(c, app.config);
      return { loggedOut: true as const };
    }),
  ];
}
