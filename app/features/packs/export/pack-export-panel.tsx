import { useId } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { type PackDetail, WHATSAPP_PACK_MAX, WHATSAPP_PACK_MIN } from "#common/packs.ts";

/** The @Stickers bot's steps, in order (catalog keys under `packExport.telegram`). */
const TELEGRAM_STEPS = ["stepOpen", "stepNewPack", "stepName", "stepSend", "stepPublish", "stepShortName"] as const;

const buttonClass =
  "inline-flex h-11 items-center justify-center rounded-full px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const enabledClass = `${buttonClass} bg-primary-dark text-white hover:bg-primary-darker`;
const secondaryClass = `${buttonClass} bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100`;
const disabledClass = `${buttonClass} cursor-not-allowed bg-stone-100 text-stone-400 ring-1 ring-stone-200`;

/**
 * The pack page's export panel (decision 0025): plain download links to /files/pack/{packId}/…, the
 * rule that holds a button back said next to it, and how to add the files to each messenger. The
 * counts are the stickers this viewer sees, which is what the server packs for them.
 */
export function PackExportPanel({ pack }: { pack: PackDetail }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const whatsappRuleId = useId();
  const emptyRuleId = useId();
  const count = pack.stickers.length;
  const empty = count === 0;
  const whatsappFits = count >= WHATSAPP_PACK_MIN && count <= WHATSAPP_PACK_MAX;
  const base = `/files/pack/${encodeURIComponent(pack.packId)}`;
  // WhatsApp takes a pack all moving or all still (decision 0041): the server exports it so.
  const movingCount = pack.stickers.filter((sticker) => sticker.motion).length;

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {t("packExport.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("packExport.intro")}</p>
      </div>

      <ul className="flex flex-wrap gap-2">
        <li>
          {whatsappFits ? (
            <a href={`${base}/whatsapp`} download className={enabledClass}>
              WhatsApp
            </a>
          ) : (
            <button type="button" disabled aria-describedby={empty ? emptyRuleId : whatsappRuleId} className={disabledClass}>
              WhatsApp
            </button>
          )}
        </li>
        <li>
          {empty ? (
            <button type="button" disabled aria-describedby={emptyRuleId} className={disabledClass}>
              Telegram
            </button>
          ) : (
            <a href={`${base}/telegram?lang=${i18n.language}`} download className={enabledClass}>
              Telegram
            </a>
          )}
        </li>
        {pack.mine ? (
          <li>
            {empty ? (
              <button type="button" disabled aria-describedby={emptyRuleId} className={disabledClass}>
                {t("packExport.originals")}
              </button>
            ) : (
              <a href={`${base}/originals`} download className={secondaryClass}>
                {t("packExport.originals")}
              </a>
            )}
          </li>
        ) : null}
      </ul>

      {empty ? (
        <p id={emptyRuleId} className="text-sm font-medium text-amber-800">
          {t("packExport.emptyRule")}
        </p>
      ) : null}
      {!empty && !whatsappFits ? (
        <p id={whatsappRuleId} className="text-sm font-medium text-amber-800">
          {t("packExport.whatsappRule", { min: WHATSAPP_PACK_MIN, max: WHATSAPP_PACK_MAX, count })}
        </p>
      ) : null}
      {movingCount > 0 ? (
        <p className="text-sm text-stone-700" data-testid="pack-motion-note">
          {movingCount === count ? t("motion.pack.exportAnimated") : t("motion.pack.exportMixed")}
        </p>
      ) : null}
      <p className="text-sm text-stone-500">{t("packExport.watermark")}</p>
      {pack.mine ? <p className="text-sm text-stone-500">{t("packExport.originalsHint")}</p> : null}

      <details className="group rounded-xl bg-stone-50 px-4 py-3">
        <summary className="cursor-pointer font-medium text-stone-800">{t("packExport.telegram.title")}</summary>
        <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm text-stone-700">
          {TELEGRAM_STEPS.map((step) => (
            <li key={step} className="break-words">
              {t(`packExport.telegram.${step}`)}
            </li>
          ))}
        </ol>
      </details>
      <details className="group rounded-xl bg-stone-50 px-4 py-3">
        <summary className="cursor-pointer font-medium text-stone-800">{t("packExport.whatsapp.title")}</summary>
        <p className="mt-2 text-sm break-words text-stone-700">{t("packExport.whatsapp.note")}</p>
      </details>
    </section>
  );
}
