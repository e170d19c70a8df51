import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { accountCalls as declared } from "#common/api/account.ts";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "#server/context.ts";
import { clientAddressOf } from "#server/http/client-address.ts";
import { implementCall } from "#server/http/define-call.ts";
import { createRateLimit } from "#server/rate-limit.ts";
import { createSession } from "#server/sessions/create-session.ts";
import { endSession } from "#server/sessions/end-session.ts";
import { resolveSession } from "#server/sessions/resolve-session.ts";
import { setSessionCookie } from "#server/sessions/session-cookie.ts";
import { getUserInfo } from "#server/sessions/user-info.ts";
import { copyGoogleAvatar } from "./copy-google-avatar.ts";
import {
  GOOGLE_NONCE_COOKIE,
  GOOGLE_NONCE_COOKIE_PATH,
  GOOGLE_NONCE_SECONDS,
  googleNonceOf,
  newGoogleNonce,
} from "./google-nonce.ts";
import { findOrCreateGoogleUser } from "./google-user.ts";
import { createGoogleTokenVerifier } from "./verify-google-token.ts";

export function googleLoginCalls(app: AppContext) {
  const verify = createGoogleTokenVerifier(app.config);
  const perClient = createRateLimit(app.config, { name: "google-login", points: 30, durationSeconds: 600 });
  // Each nonce signs in once, in every process (shared through Redis when configured).
  const usedNonces = createRateLimit(app.config, { name: "google-nonce", points: 1, durationSeconds: GOOGLE_NONCE_SECONDS });

  const googleNonce = implementCall(declared.googleNonce, async ({ c }) => {
    if (!verify) throw new AppError("GOOGLE_DISABLED");
    const { secret, nonce } = newGoogleNonce();
    setCookie(c, GOOGLE_NONCE_COOKIE, secret, {
      path: GOOGLE_NONCE_COOKIE_PATH,
      httpOnly: true,
      sameSite: "Lax",
      secure: app.config.secure,
      maxAge: GOOGLE_NONCE_SECONDS,
    });
    c.header("Cache-Control", "no-store");
    return { nonce };
  });

  const googleSignIn = implementCall(declared.googleSignIn, async ({ input, viewer, c }) => {
    if (!verify) throw new AppError("GOOGLE_DISABLED");
    await perClient.consume(clientAddressOf(c));
    const nonceSecret = getCookie(c, GOOGLE_NONCE_COOKIE);
    const identity = await verify(input.idToken, { nonceSecret });
    // One use: the nonce is spent here and its cookie goes with this sign-in.
    await usedNonces.consume(googleNonceOf(nonceSecret ?? "")).catch((error: unknown) => {
      throw error instanceof AppError && error.code === "RATE_LIMITED"
        ? new AppError("GOOGLE_TOKEN_INVALID", "nonce already used")
        : error;
    });
    deleteCookie(c, GOOGLE_NONCE_COOKIE, { path: GOOGLE_NONCE_COOKIE_PATH, secure: app.config.secure });
    const db = app.database.db;
    const user = await findOrCreateGoogleUser(db, app.config, { identity, inviteCode: input.invCode });
    // A sign-in always starts a new session; the one this tab had (if any) ends.
    if (viewer) await endSession(db, viewer.sessionId);
    // The ban check (ACCOUNT_BANNED) comes first: a banned user's picture is never fetched nor stored.
    const session = await createSession(db, user.userId);
    // Bounded, and never throws: a picture that cannot be copied leaves the initial (decision 0029).
    await copyGoogleAvatar(app, user.userId, identity.picture ?? null);
    setSessionCookie(c, app.config, session.token, session.expiresAt);
    const newViewer = await resolveSession(db, session.token);
    if (!newViewer) throw new Error("new session not found");
    return getUserInfo(db, newViewer);
  });
  return [googleNonce, googleSignIn];
}
