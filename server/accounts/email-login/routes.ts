import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../../context.ts";
import type { AppEnv } from "../../http/env.ts";
import { translate } from "../../i18n.ts";
import { renderDevMailbox } from "../../mail/dev-mailbox.ts";
import { createSession } from "../../sessions/create-session.ts";
import { setSessionCookie } from "../../sessions/session-cookie.ts";
import { EMAIL_CALLBACK_PATH, openSignInLink } from "./sign-in-link.ts";

/** Where the page lands after an e-mail sign-in: it broadcasts `login_by_email_success` (spec §4). */
export function landingAfterEmailSignIn(redirect: string): string {
  const url = new URL(redirect, "http://site.invalid");
  url.searchParams.set("login", "email");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The link in the mail (plain GET, unsigned: it is opened from a mail client) and the local dev mailbox. */
export function emailLoginRoutes(app: AppContext) {
  const routes = new Hono<AppEnv>();

  routes.get(EMAIL_CALLBACK_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    try {
      const opened = await openSignInLink(app, { token: c.req.query("token") ?? "", sealed: c.req.query("s") ?? "" });
      const session = await createSession(app.database.db, opened.userId);
      setSessionCookie(c, app.config, session.token, session.expiresAt);
      c.var.log.info({ userId: opened.userId, created: opened.created }, "signed in by e-mail link");
      return c.redirect(landingAfterEmailSignIn(opened.redirect), 302);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "INTERNAL_ERROR") throw error;
      const message = translate(c.var.language, "errors.emailLinkExpired");
      return c.redirect(`/error/403?message=${encodeURIComponent(message)}`, 302);
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
