import { translate } from "#common/i18n/catalogs.ts";
import { type Language, RTL_LANGUAGES } from "#common/languages.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/**
 * The page a mailed sign-in link opens (decision 0013): the address it signs in, in full and set apart
 * so nobody misses whose account it is, and one button that posts the token back. Only the button
 * spends the link, so a mail scanner fetching the URL does not. When another browser than the one that
 * asked for the link opens it (decision 0033), a warning says so above the button: a link someone
 * forwarded would sign the reader into that person's account. Plain server HTML in the mail's
 * language: it needs none of the app's scripts.
 */
export function renderSignInConfirmPage(o: {
  action: string;
  token: string;
  sealed: string;
  email: string;
  language: Language;
  /** The link was asked for in another browser (or before browsers were marked). */
  otherBrowser: boolean;
}): string {
  const say = (key: string) => translate(o.language, `login.confirm.${key}`).replaceAll("{{email}}", o.email);
  // The address as its own isolated run (an e-mail in a right-to-left sentence stays in one piece).
  const address = `<strong class="email" data-testid="sign-in-address"><bdi>${escapeHtml(o.email)}</bdi></strong>`;
  const sayWithAddress = (key: string) =>
    translate(o.language, `login.confirm.${key}`)
      .split("{{email}}")
      .map((part) => escapeHtml(part))
      .join(address);
  const dir = RTL_LANGUAGES.has(o.language) ? "rtl" : "ltr";
  const warning = o.otherBrowser
    ? `<div class="warning" role="alert">
<p><strong>${escapeHtml(say("otherBrowser"))}</strong></p>
<p>${sayWithAddress("notYours")}</p>
</div>
`
    : "";
  return `<!doctype html>
<html lang="${o.language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="same-origin"><title>${escapeHtml(say("title"))}</title>
<style>
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:#f7f5f2;color:#1c1917;font-family:system-ui,sans-serif}
main{max-width:26rem;margin:1rem;padding:2rem;border-radius:1.5rem;background:#fff;text-align:center;box-shadow:0 1px 3px rgb(0 0 0/.08)}
h1{font-size:1.5rem;margin:0 0 .75rem}p{color:#57534e;line-height:1.5;overflow-wrap:anywhere}
.email{color:#1c1917}
.warning{margin:1rem 0;padding:.25rem 1rem;border-radius:1rem;background:#fef3c7;box-shadow:inset 0 0 0 1px #f59e0b;text-align:start}
.warning p,.warning strong{color:#78350f}
button{margin-top:1rem;min-height:2.75rem;padding:.5rem 1.5rem;border:0;border-radius:999px;background:#7a6450;color:#fff;font:inherit;font-weight:600;cursor:pointer;overflow-wrap:anywhere}
button:hover{background:#665343}button:focus-visible{outline:2px solid #947c62;outline-offset:2px}
</style></head>
<body><main>
<h1>${escapeHtml(say("title"))}</h1>
<p>${sayWithAddress("text")}</p>
${warning}<form method="post" action="${escapeHtml(o.action)}">
<input type="hidden" name="token" value="${escapeHtml(o.token)}">
<input type="hidden" name="s" value="${escapeHtml(o.sealed)}">
<input type="hidden" name="lang" value="${escapeHtml(o.language)}">
<button type="submit">${escapeHtml(say("button"))}</button>
</form>
<p><small>${escapeHtml(say("note"))}</small></p>
</main></body></html>`;
}
