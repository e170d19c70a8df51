import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { PagePart } from "#app/lib/page-parts.tsx";
import type { PackDetail } from "#common/packs.ts";
import { ReportButton } from "../moderation/report-button.tsx";
import { MakePackMove } from "../motion/make-pack-move.tsx";
import { LockIcon, ShareIcon } from "../stickers/icons.tsx";
import { ShareFileButton } from "../stickers/share-file-button.tsx";
import { PackExportPanel } from "./export/pack-export-panel.tsx";
import { packPath } from "./pack-path.ts";
import { packRequests } from "./pack-requests.ts";
import { StickerPicture } from "./pack-sticker-picture.tsx";

/** A pack shares at most this many of its stickers' files at once: a share sheet takes a handful, not a pack's 30. */
const PACK_SHARE_MAX_FILES = 6;

/** While stickers of a pack made in one go are still being drawn, the owner's page asks again this often. */
const PENDING_POLL_MS = 2000;

const pillButton = buttonClass({ variant: "pill", size: "md-narrow" });

/**
 * A pack's page body: name, owner and count, the stickers in order with their emoji, and the export
 * panel. Its owner edits it in place (rename, public/private, delete, cover, emoji, remove, reorder);
 * every change answers the whole pack, which replaces what the page shows. `altTexts` are the
 * pictures' alt texts by sticker (decision 0042), read by the page's loader.
 */
export function PackView({ initial, altTexts }: { initial: PackDetail; altTexts: Record<string, string> }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const [pack, setPack] = useState(initial);
  useEffect(() => setPack(initial), [initial]);
  const pending = pack.mine ? pack.pendingTaskIds.length : 0;

  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => {
      packRequests
        .get(pack.packId)
        .then(setPack)
        .catch(() => undefined);
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, pack.packId]);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <header className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-start">
        {pack.cover ? (
          <img
            src={pack.cover.thumbUrl}
            alt=""
            width={256}
            height={256}
            fetchPriority="high"
            className="size-28 shrink-0 rounded-2xl bg-[#F0EFEB] p-2 sm:size-36"
          />
        ) : null}
        <div className="min-w-0 flex-1 space-y-3">
          {pack.mine ? (
            <PagePart name="pack-owner" fallback={<PackHeading name={pack.name} />}>
              {(owner) => <owner.PackName pack={pack} onPack={setPack} />}
            </PagePart>
          ) : (
            <PackHeading name={pack.name} />
          )}
          <p className="text-stone-600">
            <bdi>{t("packs.by", { name: pack.owner.name })}</bdi> · <bdi>{t("packs.count", { count: pack.stickerCount })}</bdi>
            {pack.visibility === "private" ? (
              <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-stone-900/80 px-2 py-0.5 align-middle font-medium text-white text-xs">
                <LockIcon className="size-3" />
                {t("packs.private")}
              </span>
            ) : null}
          </p>
          {pack.credit ? (
            <p className="text-sm text-stone-600" data-testid="pack-credit">
              {t("firstStart.photoCredit", { author: pack.credit.author })}{" "}
              <a href={pack.credit.sourceUrl} rel="noopener noreferrer" className="underline underline-offset-2">
                {t("firstStart.photoSource")}
              </a>
              {" · "}
              <a href={pack.credit.licenceUrl} rel="license noopener noreferrer" className="underline underline-offset-2">
                {pack.credit.licence}
              </a>
            </p>
          ) : null}
          {pack.hidden ? (
            <p role="note" className="rounded-xl bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              {t("report.packHiddenNotice")}
            </p>
          ) : null}
          {pack.staffView ? (
            <p role="note" className="rounded-xl bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              {t("report.packStaffNotice")}{" "}
              <Link to={to("/admin")} className="font-medium underline underline-offset-2">
                {t("admin.title")}
              </Link>
            </p>
          ) : null}
          {pack.mine ? (
            <PagePart name="pack-owner">{(owner) => <owner.OwnerControls pack={pack} onPack={setPack} />}</PagePart>
          ) : null}
          {/* The pack's actions in one row that wraps, their buttons aligned. */}
          <div className="flex flex-wrap gap-2">
            {/* Anyone but its owner may report a pack (decision 0035); staff judge it on the desk. */}
            {pack.mine || pack.staffView ? null : (
              <ReportButton target={{ kind: "pack", packId: pack.packId }} className={pillButton} />
            )}
            {/* Its first stickers' files to the share sheet, with the pack's address (decision 0046). */}
            {pack.staffView || pack.stickers.length === 0 ? null : (
              <ShareFileButton
                stickers={pack.stickers.slice(0, PACK_SHARE_MAX_FILES).map((sticker) => ({
                  picId: sticker.picId.id,
                  name: sticker.name,
                  motion: sticker.motion?.preset ?? null,
                }))}
                title={pack.name}
                url={() => new URL(to(packPath(pack)), location.origin).href}
                className={`${pillButton} gap-2`}
              >
                <ShareIcon />
                {t("share.sharePack")}
              </ShareFileButton>
            )}
            {/* Any pack one may see can be made to move, into a new pack of one's own (decision 0041). */}
            {pack.staffView || !pack.stickers[0] ? null : (
              <MakePackMove packId={pack.packId} picId={pack.stickers[0].picId.id} className={pillButton} />
            )}
          </div>
        </div>
      </header>

      <section aria-labelledby="pack-stickers">
        <h2 id="pack-stickers" className="mb-4 font-semibold text-2xl">
          {t("packs.stickers")}
        </h2>
        {pack.stickers.length === 0 && pending === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-stone-700 ring-1 ring-stone-200">
            {t(pack.mine ? "packs.emptyMine" : "packs.empty")}
          </p>
        ) : pack.mine ? (
          <PagePart name="pack-owner" fallback={<PackStickers pack={pack} altTexts={altTexts} />}>
            {(owner) => <owner.PackStickersEditor pack={pack} onPack={setPack} altTexts={altTexts} />}
          </PagePart>
        ) : (
          <PackStickers pack={pack} altTexts={altTexts} />
        )}
        {pending > 0 ? (
          <ul
            aria-label={t("packs.pending.label")}
            className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
          >
            {pack.pendingTaskIds.map((taskId) => (
              <li
                key={taskId}
                className="grid aspect-square place-items-center rounded-2xl bg-stone-100 ring-1 ring-stone-200"
                aria-busy="true"
              >
                <span className="flex flex-col items-center gap-2 text-sm text-stone-600">
                  <span
                    className="size-8 animate-spin rounded-full border-4 border-stone-300 border-t-primary-dark"
                    aria-hidden="true"
                  />
                  {t("packs.pending.drawing")}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {pack.staffView ? null : (
        <div className="mt-10">
          <PackExportPanel pack={pack} />
        </div>
      )}
    </main>
  );
}

function PackHeading({ name }: { name: string }) {
  return (
    <h1 className="break-words font-bold text-3xl">
      <bdi>{name}</bdi>
    </h1>
  );
}

/** The pack's stickers in order with their emoji, as anyone but the owner sees them. */
function PackStickers({ pack, altTexts }: { pack: PackDetail; altTexts: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t("packs.stickers")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {pack.stickers.map((sticker, index) => (
        <li key={sticker.stickerInstId} className="min-w-0">
          <StickerPicture sticker={sticker} index={index} alt={altTexts[sticker.stickerInstId]} />
          <p className="mt-1 text-center text-xl">{sticker.emoji.join(" ")}</p>
        </li>
      ))}
    </ol>
  );
}
