import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The nonce of a Google sign-in (decision 0013). The server makes a random secret, keeps it in a
 * short-lived HttpOnly cookie scoped to the sign-in call, and gives the page its SHA-256 as the nonce
 * for Google Identity Services. The ID token carries that nonce back; sign-in accepts it only with
 * the cookie whose hash it is. Someone holding a stolen token knows the nonce, not the secret, and
 * the cookie is cleared when it is used, so each nonce signs in once.
 */
export const GOOGLE_NONCE_COOKIE = "google_nonce";
export const GOOGLE_NONCE_COOKIE_PATH = "/api/googleLogin";
/** Long enough to pick an account in Google's window; the token must also be fresh (`iat`). */
export const GOOGLE_NONCE_SECONDS = 10 * 60;

export function newGoogleNonce(): { secret: string; nonce: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, nonce: googleNonceOf(secret) };
}

export function googleNonceOf(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** Whether the token's nonce claim is the one made for this secret (constant time). */
export function nonceMatches(claim: unknown, secret: string | undefined): boolean {
  if (typeof claim !== "string" || !secret) return false;
  const expected = Buffer.from(googleNonceOf(secret));
  const given = Buffer.from(claim);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
