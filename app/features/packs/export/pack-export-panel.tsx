import { lazy, useId, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { DialogButton } from "#app/features/auth/dialog-button.tsx";
import { useUser } from "#app/features/auth/use-user.ts";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { IMESSAGE_SIZES, type IMessageSize, PACK_EXPORT_STEPS, type PackExportTarget } from "#common/exports.ts";
import { type PackDetail, WHATSAPP_PACK_MAX, WHATSAPP_PACK_MIN } from "#common/packs.ts";

/**
 * The pack page's export panel (decisions 0025, 0043): one row per place stickers live, each with what
 * that place needs, a plain download link to /files/pack/{packId}/{target} (or the rule that holds it
 * back), and how to add the file there. The counts are the stickers this viewer sees, which is what the
 * server packs for them.
 */

type Target = Exclude<PackExportTarget, "originals">;

interface TargetRow {
  target: Target;
  /** The brand's own name, the same in every language; `nameKey` when the row names more than a brand. */
  brand: string;
  nameKey?: string;
  /** Whether a moving sticker keeps moving there (else its first frame goes). */
  moves: boolean;
}

const TARGETS: readonly TargetRow[] = [
  { target: "whatsapp", brand: "WhatsApp", moves: true },
  { target: "telegram", brand: "Telegram", moves: true },
  { target: "telegram-emoji", brand: "Telegram", nameKey: "packExport.telegramEmoji.name", moves: false },
  { target: "signal", brand: "Signal", moves: false },
  { target: "discord", brand: "Discord", moves: false },
  { target: "slack", brand: "Slack", moves: false },
  { target: "imessage", brand: "iMessage", moves: false },
];

const loadTelegramDialog = () => import("#app/features/telegram/add-to-telegram-dialog.tsx");
const AddToTelegramDialog = lazy(loadTelegramDialog);

const buttonClass =
  "inline-flex h-11 shrink-0 items-center justify-center rounded-full px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const enabledClass = `${buttonClass} bg-primary-dark text-white hover:bg-primary-darker`;
const secondaryClass = `${buttonClass} bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100`;
const disabledClass = `${buttonClass} cursor-not-allowed bg-stone-100 text-stone-400 ring-1 ring-stone-200`;

export function PackExportPanel({ pack }: { pack: PackDetail }) {
  const { t } = useTranslation();
  const user = useUser();
  const headingId = useId();
  const emptyRuleId = useId();
  const count = pack.stickers.length;
  const empty = count === 0;
  const base = `/files/pack/${encodeURIComponent(pack.packId)}`;
  const movingCount = pack.stickers.filter((sticker) => sticker.motion).length;
  const member = user !== null && user.subscribePlan !== "";

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {t("packExport.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("packExport.intro")}</p>
        <p className="text-sm text-stone-500" data-testid="pack-export-mark">
          {member ? t("packExport.markNone") : t("packExport.mark")}
        </p>
      </div>

      {empty ? (
        <p id={emptyRuleId} className="text-sm font-medium text-amber-800">
          {t("packExport.emptyRule")}
        </p>
      ) : null}

      <ul className="divide-y divide-stone-200 rounded-xl ring-1 ring-stone-200">
        {TARGETS.map((row) => (
          <ExportRow
            key={row.target}
            row={row}
            packId={pack.packId}
            base={base}
            count={count}
            movingCount={movingCount}
            emptyRuleId={empty ? emptyRuleId : undefined}
          />
        ))}
      </ul>

      {pack.mine ? (
        <div className="flex flex-wrap items-center gap-3">
          {empty ? (
            <button type="button" disabled aria-describedby={emptyRuleId} className={disabledClass}>
              {t("packExport.originals")}
            </button>
          ) : (
            <a href={`${base}/originals`} download className={secondaryClass}>
              {t("packExport.originals")}
            </a>
          )}
          <p className="text-sm text-stone-500">{t("packExport.originalsHint")}</p>
        </div>
      ) : null}
    </section>
  );
}

function ExportRow({
  row,
  packId,
  base,
  count,
  movingCount,
  emptyRuleId,
}: {
  row: TargetRow;
  packId: string;
  base: string;
  count: number;
  movingCount: number;
  emptyRuleId: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const telegramBot = (useRouteLoaderData("root") as { telegramBot?: boolean } | undefined)?.telegramBot ?? false;
  const ruleId = useId();
  const sizeId = useId();
  const [size, setSize] = useState<IMessageSize>("regular");
  const { section, steps } = PACK_EXPORT_STEPS[row.target];
  const name = row.nameKey ? t(row.nameKey) : row.brand;
  const downloadLabel = t("packExport.downloadFor", { name });
  const whatsappRule =
    row.target === "whatsapp" && count > 0 && (count < WHATSAPP_PACK_MIN || count > WHATSAPP_PACK_MAX)
      ? t("packExport.whatsappRule", { min: WHATSAPP_PACK_MIN, max: WHATSAPP_PACK_MAX, count })
      : null;
  const blockedBy = emptyRuleId ?? (whatsappRule ? ruleId : undefined);
  const query = new URLSearchParams({ lang: i18n.language });
  if (row.target === "imessage") query.set("size", size);
  const href = `${base}/${row.target}?${query}`;
  const motionNote =
    movingCount === 0
      ? null
      : row.target === "whatsapp"
        ? t(movingCount === count ? "motion.pack.exportAnimated" : "motion.pack.exportMixed")
        : row.moves
          ? null
          : t("packExport.stillOnly");

  return (
    <li className="space-y-2 p-4" data-testid={`export-${row.target}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="font-semibold text-stone-900">{name}</h3>
          <p className="text-sm break-words text-stone-600">{t(`packExport.${section}.needs`)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {row.target === "imessage" ? (
            <label htmlFor={sizeId} className="flex items-center gap-2 text-sm text-stone-700">
              {t("packExport.imessage.size")}
              <select
                id={sizeId}
                value={size}
                onChange={(event) => setSize(event.target.value as IMessageSize)}
                className="h-11 rounded-lg bg-white px-2 ring-1 ring-stone-300 focus-visible:outline-2 focus-visible:outline-primary"
              >
                {Object.entries(IMESSAGE_SIZES).map(([option, px]) => (
                  <option key={option} value={option}>
                    {t(`packExport.imessage.${option}`, { px })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {row.target === "telegram" && telegramBot && !emptyRuleId ? (
            <DialogButton
              load={loadTelegramDialog}
              signIn="create"
              className={enabledClass}
              dialog={(close) => <AddToTelegramDialog packId={packId} onClose={close} />}
            >
              {t("telegram.add")}
            </DialogButton>
          ) : null}
          {blockedBy ? (
            <button type="button" disabled aria-label={downloadLabel} aria-describedby={blockedBy} className={disabledClass}>
              {t("packExport.download")}
            </button>
          ) : (
            <a
              href={href}
              download
              aria-label={downloadLabel}
              className={row.target === "telegram" && telegramBot ? secondaryClass : enabledClass}
            >
              {t("packExport.download")}
            </a>
          )}
        </div>
      </div>
      {whatsappRule ? (
        <p id={ruleId} className="text-sm font-medium text-amber-800">
          {whatsappRule}
        </p>
      ) : null}
      {motionNote ? (
        <p className="text-sm text-stone-700" data-testid={row.target === "whatsapp" ? "pack-motion-note" : undefined}>
          {motionNote}
        </p>
      ) : null}
      <details className="rounded-xl bg-stone-50 px-4 py-3">
        <summary className="cursor-pointer text-sm font-medium text-stone-800">{t("packExport.howTo", { name })}</summary>
        <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm text-stone-700">
          {steps.map((step) => (
            <li key={step} className="break-words">
              {t(`packExport.${section}.${step}`)}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
