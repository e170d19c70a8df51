import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError, isAppError } from "#common/errors.ts";
import { basePathOf, isLanguage, type Language } from "#common/languages.ts";
import { sameSitePath } from "#common/same-site-path.ts";
import type { AppContext } from "#server/context.ts";
import type { AppEnv } from "#server/http/env.ts";
import { respondWithError } from "#server/http/envelope.ts";
import { renderDevMailbox } from "#server/mail/dev-mailbox.ts";
import { createSession } from "#server/sessions/create-session.ts";
import { setSessionCookie } from "#server/sessions/session-cookie.ts";
import { renderSignInConfirmPage } from "./confirm-page.ts";
import { isAskingBrowser } from "./link-browser.ts";
import { EMAIL_CALLBACK_PATH, EXPIRED_LINK_MESSAGE, openSignInLink, peekSignInLink } from "./sign-in-link.ts";

/** The confirm page's form post is small; anything over this is refused unread. */
export const CONFIRM_FORM_LIMIT_BYTES = 8 * 1024;

/** Where the page lands after an e-mail sign-in: it broadcasts `login_by_email_success` (spec §4). */
function landingAfterEmailSignIn(redirect: string): string {
  const url = new URL(sameSitePath(redirect), "http://site.invalid");
  url.searchParams.set("login", "email");
  return sameSitePath(`${url.pathname}${url.search}${url.hash}`);
}

/** The language a link's pages speak: the mail's (`lang` in the link), else the browser's. */
function linkLanguage(c: Context<AppEnv>, value: unknown): Language {
  return typeof value === "string" && isLanguage(value) ? value : c.var.language;
}

/** A spent, expired or altered link: the 403 page with the catalog's message (by key, decision 0013). */
function expiredLinkPage(c: Context<AppEnv>, language: Language, status: 302 | 303) {
  return c.redirect(`${basePathOf(language)}/error/403?message=${EXPIRED_LINK_MESSAGE}`, status);
}

/**
 * A form post from this site only: the browser's Origin must be the site's (or this request's own).
 * A browser that hides the origin ("null") still says where the post came from in Sec-Fetch-Site,
 * which no page can set.
 */
function isSameOriginPost(c: Context<AppEnv>, publicUrl: string): boolean {
  const origin = c.req.header("origin");
  if (origin && origin !== "null") return origin === new URL(publicUrl).origin || origin === new URL(c.req.url).origin;
  return c.req.header("sec-fetch-site") === "same-origin";
}

/**
 * The link in the mail (plain GET, unsigned: it is opened from a mail client) and the local dev
 * mailbox. The GET only shows the confirm page; the page's button posts the token, which spends it.
 */
export function emailLoginRoutes(app: AppContext) {
  const routes = new Hono<AppEnv>();

  routes.get(EMAIL_CALLBACK_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    // The URL holds the token: it goes to no other site; the button's post still names its origin.
    c.header("Referrer-Policy", "same-origin");
    const language = linkLanguage(c, c.req.query("lang"));
    const token = c.req.query("token") ?? "";
    const sealed = c.req.query("s") ?? "";
    try {
      const { email, browser } = await peekSignInLink(app, { token, sealed });
      // Another browser than the one that asked: perhaps a link someone forwarded to sign the reader
      // into their account (decision 0033). The page says so; the reader may still go on.
      const otherBrowser = !isAskingBrowser(c, browser);
      return c.html(renderSignInConfirmPage({ action: EMAIL_CALLBACK_PATH, token, sealed, email, language, otherBrowser }));
    } catch (error) {
      if (!isAppError(error) || error.code === "INTERNAL_ERROR") throw error;
      return expiredLinkPage(c, language, 302);
    }
  });

  // The button's form holds a token, a sealed blob and a language: a few hundred bytes. Nothing larger
  // is read, so a script cannot make the server hold a big body without signing in.
  const confirmBodyLimit = bodyLimit({
    maxSize: CONFIRM_FORM_LIMIT_BYTES,
    onError: (c) => respondWithError(c, new AppError("PAYLOAD_TOO_LARGE")),
  });
  routes.post(EMAIL_CALLBACK_PATH, confirmBodyLimit, async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    if (!isSameOriginPost(c, app.config.PUBLIC_URL)) {
      c.var.log.warn({ origin: c.req.header("origin") ?? null }, "e-mail sign-in post from another origin refused");
      return c.redirect(`${basePathOf(c.var.language)}/error/403`, 303);
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const language = linkLanguage(c, form.lang);
    try {
      const opened = await openSignInLink(app, {
        token: typeof form.token === "string" ? form.token : "",
        sealed: typeof form.s === "string" ? form.s : "",
      });
      const session = await createSession(app.database.db, opened.userId);
      setSessionCookie(c, app.config, session.token, session.expiresAt);
      c.var.log.info({ userId: opened.userId, created: opened.created }, "signed in by e-mail link");
      return c.redirect(landingAfterEmailSignIn(opened.redirect), 303);
    } catch (error) {
      if (!isAppError(error) || error.code === "INTERNAL_ERROR") throw error;
      // A banned account's link is spent and signs no one in; the page says why (decision 0031).
      if (error.code === "ACCOUNT_BANNED")
        return c.redirect(`${basePathOf(language)}/error/403?message=errors.accountBanned`, 303);
      return expiredLinkPage(c, language, 303);
    }
  });

  routes.get("/dev/mailbox", (c) => {
    const mailbox = app.mail.mailbox;
    // Local mode, and only for a request straight from this machine (decision 0012).
    if (!c.var.localStandIns || !mailbox) return c.notFound();
    c.header("Cache-Control", "no-store");
    return c.html(renderDevMailbox(mailbox.recent()));
  });
  return routes;
}
