import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import { AppError } from "#common/errors.ts";
import type { Config } from "#server/config.ts";
import { nonceMatches } from "./google-nonce.ts";

const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

export interface GoogleIdentity {
  /** Google's stable account id (`sub`): what users are keyed on. */
  sub: string;
  email: string;
  name: string | null;
  /** The profile picture's address (`picture`), copied at sign-in (copy-google-avatar.ts). */
  picture?: string | null;
}

/** A token issued longer ago than this is refused (`iat`, decision 0013): Google issues it at the click. */
const GOOGLE_TOKEN_MAX_AGE_SECONDS = 5 * 60;

export type GoogleTokenVerifier = (idToken: string, o: { nonceSecret: string | undefined }) => Promise<GoogleIdentity>;

/**
 * Checks a Google ID token: RS256 signature against Google's keys (GOOGLE_JWKS_URL, cached and
 * re-fetched by jose on an unknown `kid`), `aud` = GOOGLE_CLIENT_ID, `iss`, `exp`, `iat` no older
 * than GOOGLE_TOKEN_MAX_AGE_SECONDS, the `nonce` made for this browser (google-nonce.ts), and a
 * verified e-mail. Any failure is GOOGLE_TOKEN_INVALID; Google's keys being unreachable is SERVICE_UNAVAILABLE.
 */
export function createGoogleTokenVerifier(
  config: Pick<Config, "GOOGLE_CLIENT_ID" | "GOOGLE_JWKS_URL">,
): GoogleTokenVerifier | null {
  const clientId = config.GOOGLE_CLIENT_ID;
  if (!clientId) return null;
  const keys = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: 5000 });
  return async (idToken, { nonceSecret }) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ["RS256"],
        requiredClaims: ["sub", "exp", "iat", "nonce"],
        maxTokenAge: GOOGLE_TOKEN_MAX_AGE_SECONDS,
        clockTolerance: 30,
      }));
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        throw new AppError("SERVICE_UNAVAILABLE", "Google keys unreachable", { cause: error });
      }
      throw new AppError("GOOGLE_TOKEN_INVALID", error.code, { cause: error });
    }
    if (!nonceMatches(payload.nonce, nonceSecret)) throw new AppError("GOOGLE_TOKEN_INVALID", "nonce does not match");
    const {
      sub,
      email,
      email_verified: verified,
      name,
      picture,
    } = payload as JWTPayload & {
      email?: unknown;
      email_verified?: unknown;
      name?: unknown;
      picture?: unknown;
    };
    if (typeof sub !== "string" || !sub || typeof email !== "string" || !email || verified !== true) {
      throw new AppError("GOOGLE_TOKEN_INVALID", "e-mail missing or not verified");
    }
    return {
      sub,
      email,
      name: typeof name === "string" ? name : null,
      picture: typeof picture === "string" && picture.length <= 2048 ? picture : null,
    };
  };
}
