import { THEME_PRIMARY } from "#common/constants.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { APP_ICONS, THEME_BACKGROUND } from "#common/installed-app.ts";
import { basePathOf, type Language, RTL_LANGUAGES } from "#common/languages.ts";

/**
 * The web app manifest of one language (decision 0045): the installed app opens on that language's
 * home page and stays within its pages. Its `id` is the same in every language, so installing from
 * another language's page is the same app. Photos shared to it from the phone's share sheet are posted
 * to the share target under its scope (`{lang}/share`).
 */
export function webAppManifest(language: Language) {
  const base = basePathOf(language);
  return {
    id: "/",
    name: translate(language, "app.name"),
    short_name: translate(language, "pwa.shortName"),
    description: translate(language, "app.description"),
    lang: language,
    dir: RTL_LANGUAGES.has(language) ? "rtl" : "ltr",
    start_url: `${base}/`,
    scope: `${base}/`,
    display: "standalone",
    theme_color: THEME_PRIMARY,
    background_color: THEME_BACKGROUND,
    icons: APP_ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
    share_target: {
      action: `${base}/share`,
      method: "POST",
      enctype: "multipart/form-data",
      params: { title: "title", text: "text", url: "url", files: [{ name: "photo", accept: ["image/*"] }] },
    },
  };
}
