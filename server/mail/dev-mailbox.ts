import type { MailMessage } from "./mailer.ts";

export interface DevMail extends MailMessage {
  at: Date;
}

/** The last mails of a local run without SMTP, newest first (GET /dev/mailbox). */
export interface DevMailbox {
  add(message: MailMessage): void;
  recent(): DevMail[];
}

const KEEP = 20;

export function createDevMailbox(): DevMailbox {
  const mails: DevMail[] = [];
  return {
    add(message) {
      mails.unshift({ ...message, at: new Date() });
      mails.length = Math.min(mails.length, KEEP);
    },
    recent: () => [...mails],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** A plain page listing the mails; links in the text become clickable. */
export function renderDevMailbox(mails: readonly DevMail[]): string {
  const items = mails
    .map((mail) => {
      const text = escapeHtml(mail.text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      return `<li><p><strong>${escapeHtml(mail.subject)}</strong> → ${escapeHtml(mail.to)} <small>${mail.at.toISOString()}</small></p><pre>${text}</pre></li>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Dev mailbox</title></head>
<body><h1>Dev mailbox</h1><p>Local mode without SMTP_URL: the last ${KEEP} mails the server would have sent.</p>
${mails.length ? `<ol>${items}</ol>` : "<p>No mail yet.</p>"}
</body></html>`;
}
