import { z } from "zod";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../../context.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { defineCall } from "../../http/define-call.ts";
import { createRateLimit } from "../../rate-limit.ts";
import { createSession } from "../../sessions/create-session.ts";
import { endSession } from "../../sessions/end-session.ts";
import { resolveSession } from "../../sessions/resolve-session.ts";
import { setSessionCookie } from "../../sessions/session-cookie.ts";
import { getUserInfo, userInfoSchema } from "../../sessions/user-info.ts";
import { findOrCreateGoogleUser } from "./google-user.ts";
import { createGoogleTokenVerifier } from "./verify-google-token.ts";

export function googleLoginCalls(app: AppContext) {
  const verify = createGoogleTokenVerifier(app.config);
  const perClient = createRateLimit(app.config, { name: "google-login", points: 30, durationSeconds: 600 });

  const googleLogin = defineCall({
    method: "POST",
    path: "/api/googleLogin",
    summary:
      "Signs in with a Google ID token (Google Identity Services) and an optional invite code; sets the session cookie " +
      "and answers the user info. GOOGLE_DISABLED when GOOGLE_CLIENT_ID is unset; 30 per client per 10 minutes.",
    tag: "accounts",
    access: "public",
    input: z.object({
      idToken: z.string().min(1).max(8192),
      invCode: z.string().max(32).optional(),
    }),
    output: userInfoSchema,
    async handle({ input, viewer, c }) {
      if (!verify) throw new AppError("GOOGLE_DISABLED");
      await perClient.consume(clientAddressOf(c));
      const identity = await verify(input.idToken);
      const db = app.database.db;
      const user = await findOrCreateGoogleUser(db, app.config, { identity, inviteCode: input.invCode });
      // A sign-in always starts a new session; the one this tab had (if any) ends.
      if (viewer) await endSession(db, viewer.sessionId);
      const session = await createSession(db, user.userId);
      setSessionCookie(c, app.config, session.token, session.expiresAt);
      const newViewer = await resolveSession(db, session.token);
      if (!newViewer) throw new Error("new session not found");
      return getUserInfo(db, newViewer);
    },
  });
  return [googleLogin];
}
