/** Fixtures for the accounts tests: signing in through the real e-mail flow, reading cookies. */
import { expect } from "vitest";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { callApi, type TestSession } from "./stickers.ts";
import type { TestApp } from "./test-app.ts";

/** The `name` cookie a response sets, with its attributes, or null. */
export function setCookieOf(response: Response, name: string): { value: string; attributes: string } | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...rest] = line.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq).trim() === name) return { value: decodeURIComponent(pair.slice(eq + 1)), attributes: rest.join(";") };
  }
  return null;
}

/** The newest link the dev mailbox holds for an address (after the queued mail went out). */
export async function latestLinkFor(t: TestApp, email: string): Promise<URL> {
  await t.app.mail.drain();
  const mail = t.app.mail.mailbox?.recent().find((m) => m.to === email.trim().toLowerCase());
  const href = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error(`no mail for ${email}`);
  return new URL(href);
}

/** Opens a mailed link as the browser (or a mail scanner) would: a plain GET of its path and query. */
export function viewLink(t: TestApp, link: URL, headers: Record<string, string> = {}) {
  return t.server.request(`${link.pathname}${link.search}`, { headers });
}

/**
 * Presses the confirm page's "Sign in as …" button: the form post (token, sealed parameter and
 * language from the link) from this site's origin, which spends the link.
 */
export function openLink(t: TestApp, link: URL, headers: Record<string, string> = {}) {
  const form = new URLSearchParams();
  for (const name of ["token", "s", "lang"]) {
    const value = link.searchParams.get(name);
    if (value !== null) form.set(name, value);
  }
  return t.server.request(link.pathname, {
    method: "POST",
    body: form,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(t.app.config.PUBLIC_URL).origin, ...headers },
  });
}

/** Signs in by e-mail link end to end and returns the session the cookie carries. */
export async function signInByEmail(
  t: TestApp,
  email: string,
  params: { redirect?: string; invCode?: string } = {},
): Promise<TestSession & { response: Response }> {
  const sent = await callApi(t, "GET", "/api/getVerifyEmail", { params: { email, ...params } });
  expect(sent.body).toEqual({ status: 200, data: { sent: true } });
  const response = await openLink(t, await latestLinkFor(t, email));
  expect(response.status).toBe(303);
  const token = setCookieOf(response, sessionCookieName(t.app.config))?.value;
  if (!token) throw new Error(`no session cookie: ${response.headers.get("location")}`);
  // As a tab signed in elsewhere does: refresh with the public key, and learn the session's key.
  const info = await callApi(t, "GET", "/api/user/refreshUserInfo", {
    session: { userId: 0, token, signingKey: t.app.config.CLIENT_SIGNING_KEY },
  });
  expect(info.body.status).toBe(200);
  return { userId: info.body.data.id, token, signingKey: info.body.data.signingKey, response };
}
