import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { importJWK, type JWK, SignJWT } from "jose";

/** Google sign-in in browser tests: our own key pair, published at a local JWKS URL the server trusts. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const JWKS_PORT = E2E_PORT + 80;
export const GOOGLE_CLIENT_ID = "e2e-client.apps.googleusercontent.com";
export const KEY_FILE = path.join(tmpdir(), `sticker-e2e-google-key-${JWKS_PORT}.json`);

/**
 * What Google would hand `page` for these claims: window.__googleCredential(nonce) signs a token with
 * the nonce the page gave Google Identity Services (the stand-in in fixtures.ts calls it on click).
 */
export function googleAnswers(page: Page, claims: Record<string, unknown>) {
  return page.exposeFunction("__googleCredential", (nonce: string) => signGoogleIdToken({ nonce, ...claims }));
}

export async function signGoogleIdToken(claims: Record<string, unknown>) {
  const jwk = JSON.parse(readFileSync(KEY_FILE, "utf8")) as JWK;
  const key = await importJWK(jwk, "RS256");
  return new SignJWT({ iss: "https://accounts.google.com", aud: GOOGLE_CLIENT_ID, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid ?? "e2e" })
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(key);
}
