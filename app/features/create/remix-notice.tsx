import { isolate, useTranslation } from "#app/i18n/i18n.tsx";

/** "Make my version" (decision 0046): the sticker the next one remixes, and a way to start fresh instead. */
export function RemixNotice({ name, onDrop }: { name: string; onDrop: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
      <p>{t("remix.making", { name: isolate(name) })}</p>
      <button
        type="button"
        onClick={onDrop}
        className="h-9 rounded-full px-3 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {t("remix.drop")}
      </button>
    </div>
  );
}
