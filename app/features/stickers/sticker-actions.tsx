import { Link, useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import type { StickerDetail } from "#common/stickers.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import type { TryItData } from "../create/try-it.ts";
import { FavoriteButton } from "../favorites/favorite-button.tsx";
import { ReportButton } from "../moderation/report-button.tsx";
import { MakeItMove } from "../motion/make-it-move.tsx";
import { AddToPack } from "../packs/add-to-pack.tsx";
import { ExportMenu } from "./export-menu.tsx";
import { DownloadIcon, ShareIcon, SparkIcon } from "./icons.tsx";
import { ShareFileButton } from "./share-file-button.tsx";
import { downloadPath, stickerPath } from "./sticker-paths.ts";

const actionClass =
  "inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 font-medium text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/** The style "Try it" hands over: the page's own ?styleId= wins over the sticker's (spec §2). */
function tryItStyleId(search: URLSearchParams, stickerStyleId: number | null): number | null {
  const fromQuery = Number(search.get("styleId"));
  return Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : stickerStyleId;
}

/** What the create panel picks up on the home page (spec §4, §9 try_it_data_key; a remix, decision 0046). */
function saveTryIt(data: TryItData & { styleType?: string }) {
  try {
    localStorage.setItem(STORAGE_KEYS.tryItData, JSON.stringify(data));
  } catch {
    // Storage refused (private mode): the ?styleId= still carries the style.
  }
}

/**
 * The detail page's actions: favourite (with its count), download, export, make it move, share (the file
 * itself, decision 0046) and Try it — "Make my version" on a public sticker, which the new one links back to.
 */
export function StickerActions({ sticker, favorited }: { sticker: StickerDetail; favorited: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const [search] = useSearchParams();
  const styleId = tryItStyleId(search, sticker.styleId);
  const styleType = search.get("styleType");
  // Any sticker everyone may see can be remixed: "Make my version" records it (decision 0046).
  const remixable = sticker.visibility === "public" && !sticker.hidden && !sticker.staffView;

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
          <ShareFileButton
            stickers={[{ picId: sticker.picId.id, name: sticker.name, motion: sticker.motion?.preset ?? null }]}
            title={sticker.name}
            url={() => new URL(to(stickerPath(sticker)), location.origin).href}
            className={actionClass}
          >
            <ShareIcon />
            {t("stickerActions.share")}
          </ShareFileButton>
        </li>
      </ul>
      <AddToPack sticker={sticker} favorited={favorited} buttonClassName={actionClass} />
      {sticker.mine ? null : (
        <ReportButton target={{ kind: "sticker", stickerInstId: sticker.stickerInstId }} className={actionClass} />
      )}
      <Link
        to={to("/") + (styleId === null ? "" : `?styleId=${styleId}`)}
        onClick={() =>
          saveTryIt({
            // A photo sticker's remix hands over its style only: the photo will be the caller's own.
            prompt: remixable && sticker.fromPhoto ? "" : sticker.prompt,
            styleId,
            ...(styleType ? { styleType } : {}),
            ...(remixable
              ? { remix: { stickerInstId: sticker.stickerInstId, name: sticker.name, fromPhoto: sticker.fromPhoto } }
              : {}),
          })
        }
        className="inline-flex h-11 items-center gap-2 rounded-full bg-primary-dark px-6 font-semibold text-white hover:bg-primary-darker focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <SparkIcon />
        {t(remixable ? "remix.makeMine" : "stickerActions.tryIt")}
      </Link>
      <p className="text-sm text-stone-500">
        {t(remixable ? (sticker.fromPhoto ? "remix.hintPhoto" : "remix.hint") : "stickerActions.tryItHint")}
      </p>
    </div>
  );
}
