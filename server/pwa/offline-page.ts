import { translate } from "#common/i18n/catalogs.ts";
import { type Language, RTL_LANGUAGES } from "#common/languages.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** The logo (public/favicon.svg) drawn in the page itself: the offline page loads nothing. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="16" fill="#fff" stroke="#947C62" stroke-width="4"/><circle cx="24" cy="27" r="4" fill="#5b4a3a"/><circle cx="40" cy="27" r="4" fill="#5b4a3a"/><path d="M20 38c6 8 18 8 24 0" fill="none" stroke="#5b4a3a" stroke-width="4" stroke-linecap="round"/><path d="M44 60 60 44H50a6 6 0 0 0-6 6z" fill="#e9e1d8" stroke="#947C62" stroke-width="3"/></svg>`;

/**
 * What the service worker shows when a page cannot be reached (decision 0045): one static page per
 * language, with its styles and logo inside it and no script, so it works with no network at all. The
 * worker answers the failed address with it, so "Try again" (a link to the same address) reloads it.
 */
export function renderOfflinePage(language: Language): string {
  const say = (key: string) => escapeHtml(translate(language, key));
  const dir = RTL_LANGUAGES.has(language) ? "rtl" : "ltr";
  return `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="theme-color" content="#947C62"><title>${say("pwa.offline.title")} — ${say("app.name")}</title>
<style>
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:#fafaf9;color:#1c1917;font-family:ui-sans-serif,system-ui,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:26rem;margin:1rem;padding:2rem;border-radius:1.5rem;background:#fff;text-align:center;box-shadow:0 1px 3px rgb(0 0 0/.08)}
h1{font-size:1.5rem;margin:1rem 0 .75rem}p{color:#57534e;line-height:1.5}
a{display:inline-block;margin-top:1rem;min-height:2.75rem;box-sizing:border-box;padding:.6rem 1.5rem;border-radius:999px;background:#7a6450;color:#fff;font-weight:600;text-decoration:none}
a:hover{background:#665343}a:focus-visible{outline:2px solid #947c62;outline-offset:2px}
</style></head>
<body><main>
${LOGO}
<h1>${say("pwa.offline.title")}</h1>
<p>${say("pwa.offline.text")}</p>
<a href="">${say("pwa.offline.retry")}</a>
</main></body></html>`;
}

/** The offline page's own policy: no script, nothing loaded, its inline styles only. */
export const OFFLINE_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
