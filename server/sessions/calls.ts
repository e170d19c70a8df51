import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { endSession } from "./end-session.ts";
import { clearSessionCookie, sessionCookieName, setSessionCookie } from "./session-cookie.ts";
import { getUserInfo, userInfoSchema } from "./user-info.ts";

export function sessionCalls(app: AppContext) {
  const refreshUserInfo = defineCall({
    method: "GET",
    path: "/api/user/refreshUserInfo",
    summary:
      "The signed-in user (spec §3, without secrets or provider ids) with this session's signing key; renews the cookie's lifetime.",
    tag: "accounts",
    access: "user",
    // A tab signed in by another tab knows only the public key until this call answers (decision 0007).
    signature: "session-or-client",
    input: z.object({}),
    output: userInfoSchema,
    async handle({ viewer, c }) {
      const info = await getUserInfo(app.database.db, requireViewer(viewer));
      // The page's cookie lives as long as the session, whose idle deadline moves with use.
      const cookieToken = getCookie(c, sessionCookieName(app.config));
      if (cookieToken && !c.req.header("authorization")) setSessionCookie(c, app.config, cookieToken, new Date(info.expiresTime));
      return info;
    },
  });

  const logout = defineCall({
    method: "GET",
    path: "/api/user/logout",
    summary: "Ends this session on the server and clears the token cookie; the old token then answers AUTH_ERROR.",
    tag: "accounts",
    access: "user",
    input: z.object({}),
    output: z.object({ loggedOut: z.literal(true) }),
    async handle({ viewer, c }) {
      await endSession(app.database.db, requireViewer(viewer).sessionId);
      clearSessionCookie(c, app.config);
      return { loggedOut: true as const };
    },
  });

  return [refreshUserInfo, logout];
}
