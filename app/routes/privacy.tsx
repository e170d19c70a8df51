import { pageMeta } from "../features/seo/page-meta.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/privacy";

const PARAGRAPHS = ["p1", "p2", "p3", "p4", "p5"] as const;

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, title: "legal.privacy.title", description: "legal.privacy.p1", translate: true });
}

export default function Privacy() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="font-bold text-3xl">{t("legal.privacy.title")}</h1>
      {PARAGRAPHS.map((key) => (
        <p key={key} className="text-stone-700 leading-relaxed">
          {t(`legal.privacy.${key}`)}
        </p>
      ))}
    </main>
  );
}
