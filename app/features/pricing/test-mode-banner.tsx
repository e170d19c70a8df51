import { useTranslation } from "#app/i18n/i18n.tsx";

/** The payments sandbox's pages say plainly that nothing is charged (decision 0011). */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <p role="note" className="rounded-2xl bg-amber-100 p-4 font-medium text-amber-950 ring-1 ring-amber-300">
      <span className="me-2 rounded bg-amber-900 px-2 py-0.5 font-bold text-white text-xs uppercase">
        {t("sandbox.testMode")}
      </span>
      {t("sandbox.banner")}
    </p>
  );
}
