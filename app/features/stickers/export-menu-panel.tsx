import { useTranslation } from "#app/i18n/i18n.tsx";

/** The messenger formats `GET /files/export/{picId}/{target}` serves, each a watermarked attachment. */
const TARGETS = [
  { target: "telegram.png", key: "telegramPng" },
  { target: "telegram.webp", key: "telegramWebp" },
  { target: "whatsapp.webp", key: "whatsappWebp" },
] as const;

/** The open export menu: plain download links, reachable with Tab right after the button. */
export default function ExportMenuPanel({ picId, onChosen }: { picId: string; onChosen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="absolute start-0 top-12 z-20 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-stone-200">
      <p className="px-3 pt-1 pb-2 text-sm text-stone-500">{t("stickerActions.exportHint")}</p>
      <ul>
        {TARGETS.map(({ target, key }) => (
          <li key={target}>
            <a
              href={`/files/export/${picId}/${target}`}
              download
              onClick={onChosen}
              className="flex h-10 items-center rounded-lg px-3 text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              {t(`stickerActions.exportTarget.${key}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
