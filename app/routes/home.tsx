import { useTranslation } from "react-i18next";
import { ConnectionCheck } from "../features/home/connection-check.tsx";
import { metaTranslate } from "../i18n/meta.ts";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslate(matches, "home.title") },
    { name: "description", content: metaTranslate(matches, "app.description") },
  ];
}

export default function Home() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-6 py-16 text-center">
      <h1 className="font-bold text-4xl text-stone-900 md:text-5xl">{t("home.heading")}</h1>
      <p className="max-w-xl text-lg text-stone-600">{t("home.intro")}</p>
      <ConnectionCheck />
    </main>
  );
}
