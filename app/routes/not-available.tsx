import { data } from "react-router";
import { WaysBack } from "../features/errors/error-view.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { metaTranslate } from "../i18n/meta.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/not-available";

/** Nothing is here for this visitor: a 404, so crawlers drop a link to a sticker that is gone or private. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslate(matches, "notAvailable.title") }, { name: "robots", content: "noindex" }];
}

/** Shown when a sticker or the service is not accessible to this visitor (spec §2), with the ways back (decision 0029). */
export default function NotAvailable() {
  const { t } = useTranslation();
  const { to } = useLocalized();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center"
    >
      <h1 className="font-semibold text-2xl">{t("notAvailable.title")}</h1>
      <p className="text-stone-600">{t("notAvailable.text")}</p>
      <WaysBack home={to("/")} homeLabel={t("error.backHome")} signInLabel={t("error.signIn")} />
    </main>
  );
}
