import { translate } from "#common/i18n/catalogs.ts";
import { DEFAULT_LANGUAGE, type Language, RTL_LANGUAGES } from "#common/languages.ts";
import type { MailMessage } from "#server/mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** The sign-in mail, in the language of the page that asked for it (catalog section `mail.signIn`). */
export function signInMail(to: string, link: string, language: Language = DEFAULT_LANGUAGE): MailMessage {
  const say = (key: string) => translate(language, `mail.signIn.${key}`);
  const text = [say("intro"), "", link, "", say("note")].join("\n");
  const dir = RTL_LANGUAGES.has(language) ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">
<p>${escapeHtml(say("intro"))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(say("button"))}</a></p>
<p>${escapeHtml(say("note"))}</p>
</body></html>`;
  return { to, subject: say("subject"), text, html };
}
