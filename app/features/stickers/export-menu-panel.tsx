import { useTranslation } from "#app/i18n/i18n.tsx";
import type { MotionPreset } from "#common/motion.ts";
import { motionDownloadPath } from "../motion/motion-files.ts";

/**
 * The messenger files `GET /files/export/{picId}/{name}` serves (server/exports/sticker-files.ts), each
 * an attachment with the messengers' small mark (none for a member, decision 0043).
 */
const TARGETS = [
  { target: "whatsapp.webp", key: "whatsappWebp" },
  { target: "telegram.png", key: "telegramPng" },
  { target: "telegram.webp", key: "telegramWebp" },
  { target: "telegram-emoji.png", key: "telegramEmoji" },
  { target: "signal.webp", key: "signal" },
  { target: "discord-sticker.png", key: "discordSticker" },
  { target: "discord-emoji.png", key: "discordEmoji" },
  { target: "slack-emoji.png", key: "slackEmoji" },
  { target: "imessage-regular.png", key: "imessage" },
] as const;

/** A moving sticker's files (decision 0041), `GET /files/motion/{picId}/{preset}/{format}`. */
const MOTION_TARGETS = [
  { format: "webp", key: "whatsappAnimated" },
  { format: "webm", key: "telegramVideo" },
  { format: "gif", key: "gif" },
  { format: "apng", key: "apng" },
] as const;

/** The open export menu: plain download links, reachable with Tab right after the button. */
export default function ExportMenuPanel({
  picId,
  motion,
  onChosen,
}: {
  picId: string;
  motion: MotionPreset | null;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="absolute start-0 top-12 z-20 max-h-[70vh] w-64 overflow-y-auto rounded-2xl bg-white p-2 shadow-xl ring-1 ring-stone-200">
      <p className="px-3 pt-1 pb-2 text-sm text-stone-500">{t("stickerActions.exportHint")}</p>
      {motion ? (
        <ul aria-label={t("motion.downloads")} className="mb-1 border-stone-200 border-b pb-1">
          {MOTION_TARGETS.map(({ format, key }) => (
            <li key={format}>
              <a
                href={motionDownloadPath(picId, motion, format)}
                download
                onClick={onChosen}
                className="flex h-10 items-center rounded-lg px-3 text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
              >
                {t(`motion.exportTarget.${key}`)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ul aria-label={motion ? t("motion.stillFiles") : undefined}>
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
