import type { MailMessage } from "../../mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** The sign-in mail (English for now; the page's languages are not yet carried into mail). */
export function signInMail(to: string, link: string): MailMessage {
  const text = [
    "Open this link to sign in to Sticker Studio:",
    "",
    link,
    "",
    "It works once, within 10 minutes. If you did not ask to sign in, ignore this mail.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Open this link to sign in to Sticker Studio:</p>
<p><a href="${escapeHtml(link)}">Sign in to Sticker Studio</a></p>
<p>It works once, within 10 minutes. If you did not ask to sign in, ignore this mail.</p>
</body></html>`;
  return { to, subject: "Your Sticker Studio sign-in link", text, html };
}
