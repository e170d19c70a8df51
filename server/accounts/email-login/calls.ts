import { createHash } from "node:crypto";
import { accountCalls as declared } from "#common/api/account.ts";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "#server/context.ts";
import { clientAddressOf } from "#server/http/client-address.ts";
import { implementCall } from "#server/http/define-call.ts";
import { createRateLimit } from "#server/rate-limit.ts";
import { mailboxOf } from "../mailbox.ts";
import { markAskingBrowser } from "./link-browser.ts";
import { sendSignInLink } from "./sign-in-link.ts";

export function emailLoginCalls(app: AppContext) {
  const perAddress = createRateLimit(app.config, { name: "email-link-address", points: 5, durationSeconds: 600 });
  const perClient = createRateLimit(app.config, {
    name: "email-link-client",
    points: app.config.EMAIL_LINK_CLIENT_LIMIT,
    durationSeconds: 600,
  });
  // Per mailbox per 24 hours (decision 0016): from one client, and from all clients together, so one
  // client cannot use up the mails of someone else's mailbox. In memory per process; with REDIS_URL shared.
  const perClientMailboxDaily = createRateLimit(app.config, {
    name: "email-link-client-mailbox-day",
    points: app.config.EMAIL_LINK_ADDRESS_DAILY_LIMIT,
    durationSeconds: 24 * 3600,
  });
  const perMailboxDaily = createRateLimit(app.config, {
    name: "email-link-mailbox-day",
    points: app.config.EMAIL_LINK_MAILBOX_DAILY_LIMIT,
    durationSeconds: 24 * 3600,
  });

  /** False past a daily cap: the caller still answers as if sent (no enumeration, no mail bombing). */
  const withinDailyCaps = async (mailbox: string, client: string) => {
    try {
      await perClientMailboxDaily.consume(`${client}|${mailbox}`);
      await perMailboxDaily.consume(mailbox);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === "RATE_LIMITED") return false;
      throw error;
    }
  };

  const signInLink = implementCall(declared.signInLink, async ({ input, c }) => {
    const client = clientAddressOf(c);
    await perClient.consume(client);
    const mailbox = mailboxOf(input.email);
    await perAddress.consume(mailbox);
    // Every answer marks this browser alike, mail sent or not (no enumeration by cookie either).
    const browser = markAskingBrowser(c, app.config);
    c.header("Cache-Control", "no-store");
    if (!(await withinDailyCaps(mailbox, client))) {
      const mailboxHash = createHash("sha256").update(mailbox).digest("hex").slice(0, 16);
      c.var.log.warn({ mailboxHash }, "sign-in mail not sent: the mailbox's daily limit is reached");
      return { sent: true as const };
    }
    await sendSignInLink(app, {
      email: input.email,
      redirect: input.redirect,
      inviteCode: input.invCode,
      language: c.var.language,
      browser,
    });
    return { sent: true as const };
  });
  return [signInLink];
}
