import { Link, useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import type { StickerDetail } from "#common/stickers.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import { FavoriteButton } from "../favorites/favorite-button.tsx";
import { ReportButton } from "../moderation/report-button.tsx";
import { MakeItMove } from "../motion/make-it-move.tsx";
import { AddToPack } from "../packs/add-to-pack.tsx";
import { ExportMenu } from "./export-menu.tsx";
import { DownloadIcon, ShareIcon, SparkIcon } from "./icons.tsx";
import { shareSticker } from "./share-sticker.ts";
import { downloadPath, stickerPath } from "./sticker-card.tsx";

const actionClass =
  "inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 font-medium text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/** The style "Try it" hands over: the page's own ?styleId= wins over the sticker's (spec §2). */
function tryItStyleId(search: URLSearchParams, stickerStyleId: number | null): number | null {
  const fromQuery = Number(search.get("styleId"));
  return Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : stickerStyleId;
}

/** What the create panel picks up on the home page (spec §4, §9 try_it_data_key). */
function saveTryIt(data: { prompt: string; styleId: number | null; styleType?: string }) {
  try {
    localStorage.setItem(STORAGE_KEYS.tryItData, JSON.stringify(data));
  } catch {
    // Storage refused (private mode): the ?styleId= still carries the style.
  }
}

/** The detail page's actions: favourite (with its count), download, export, make it move, share and Try it. */
export function StickerActions({ sticker, favorited }: { sticker: StickerDetail; favorited: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const [search] = useSearchParams();
  const styleId = tryItStyleId(search, sticker.styleId);
  const styleType = search.get("styleType");

  return (
    <div className="space-y-3">
      <ul aria-label={t("stickerActions.actions")} className="flex flex-wrap items-center gap-2">
        <li>
          <FavoriteButton sticker={sticker} favorited={favorited} variant="pill" />
        </li>
        <li>
          <a
            href={downloadPath(sticker)}
            download
            title={t(sticker.motion ? "motion.downloadHint" : "stickerActions.downloadHint")}
            className={actionClass}
          >
            <DownloadIcon />
            {t("stickerActions.download")}
          </a>
        </li>
        <li>
          <ExportMenu picId={sticker.picId.id} motion={sticker.motion?.preset ?? null} buttonClassName={actionClass} />
        </li>
        <li>
          <MakeItMove source={sticker} className={actionClass} />
        </li>
        <li>
          <button
            type="button"
            onClick={() => void shareSticker(sticker.name, `${location.origin}${to(stickerPath(sticker))}`, t)}
            className={actionClass}
          >
            <ShareIcon />
            {t("stickerActions.share")}
          </button>
        </li>
      </ul>
      <AddToPack sticker={sticker} favorited={favorited} buttonClassName={actionClass} />
      {sticker.mine ? null : (
        <ReportButton target={{ kind: "sticker", stickerInstId: sticker.stickerInstId }} className={actionClass} />
      )}
      <Link
        to={to("/") + (styleId === null ? "" : `?styleId=${styleId}`)}
        onClick={() => saveTryIt({ prompt: sticker.prompt, styleId, ...(styleType ? { styleType } : {}) })}
        className="inline-flex h-11 items-center gap-2 rounded-full bg-primary-dark px-6 font-semibold text-white hover:bg-primary-darker focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <SparkIcon />
        {t("stickerActions.tryIt")}
      </Link>
      <p className="text-sm text-stone-500">{t("stickerActions.tryItHint")}</p>
    </div>
  );
}
