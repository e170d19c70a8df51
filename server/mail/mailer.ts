import nodemailer from "nodemailer";
import { type Config, ConfigError } from "../config.ts";
import type { Logger } from "../log.ts";
import { createDevMailbox, type DevMailbox } from "./dev-mailbox.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Outgoing mail. `queue` hands a message over after the current response (so an answer never waits
 * on, or reveals anything through, the SMTP exchange); failures are logged, never thrown at a caller.
 */
export interface Mailer {
  readonly kind: "smtp" | "dev";
  queue(message: MailMessage): void;
  /** Resolves once every queued message has been handed over (tests, shutdown). */
  drain(): Promise<void>;
  /** The dev mailbox (local mode without SMTP_URL), else null. */
  readonly mailbox: DevMailbox | null;
  close(): void;
}

type Send = (message: MailMessage) => Promise<void>;

function queued(kind: Mailer["kind"], send: Send, log: Logger, mailbox: DevMailbox | null, close: () => void): Mailer {
  const inFlight = new Set<Promise<void>>();
  return {
    kind,
    mailbox,
    close,
    queue(message) {
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => send(message))
        .catch((error: unknown) => log.error({ err: error, kind }, "sending mail failed"))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise, in local mode only, the dev mailbox (links in the log and at
 * /dev/mailbox). A public site without SMTP_URL refuses to start rather than expose sign-in links
 * (docs/ARCHITECTURE.md, "Local mode fails closed").
 */
export function createMailer(config: Config, log: Logger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    const send: Send = async (message) => {
      await transport.sendMail({ from: config.MAIL_FROM, ...message });
    };
    return queued("smtp", send, log, null, () => transport.close());
  }
  if (!config.localMode) {
    throw new ConfigError(
      "SMTP_URL is required when PUBLIC_URL is not localhost: sign-in links must go out by e-mail, never to a log or a page.",
    );
  }
  const mailbox = createDevMailbox();
  const send: Send = async (message) => {
    mailbox.add(message);
    log.info({ to: message.to, subject: message.subject, text: message.text }, "dev mailbox: mail not sent (no SMTP_URL)");
  };
  return queued("dev", send, log, mailbox, () => undefined);
}
