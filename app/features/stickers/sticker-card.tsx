import { Link } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { CARD_PALETTE, type StickerListItem } from "#common/stickers.ts";
import { FavoriteButton } from "../favorites/favorite-button.tsx";
import { useFavoriteStatus } from "../favorites/use-favorites.ts";
import { MovingImage } from "../motion/moving-image.tsx";
import { DownloadIcon, LockIcon } from "./icons.tsx";
import { CARD_IMAGE_SIZES, thumbSrcSet } from "./sticker-image.ts";
import { downloadPath, stickerPath } from "./sticker-paths.ts";

/** With a mouse on a wide screen, a card's controls appear on hover or keyboard focus (spec §2: ≤ 768 px is mobile). */
const REVEAL =
  "transition-opacity md:pointer-fine:opacity-0 md:pointer-fine:group-focus-within/card:opacity-100 md:pointer-fine:group-hover/card:opacity-100";

/**
 * One sticker in a grid: its thumbnail on a palette colour (spec §3 bgColor), linking to its page, with
 * the heart and the download on top. Those sit beside the link, not inside it (no nested controls);
 * they show on hover or keyboard focus with a mouse, and always on phones and touch screens; a
 * filled heart always shows.
 */
/** What a card shows; a page's list carries only this in its inline data (`stickerCards`). */
export type StickerCardItem = Pick<
  StickerListItem,
  "stickerInstId" | "name" | "picId" | "thumbUrl" | "motion" | "visibility" | "favoriteCount"
>;

/** A list cut to what its cards show, for a page's route data (the API's lists stay whole). */
export function stickerCards(list: StickerListItem[]): StickerCardItem[] {
  return list.map(({ stickerInstId, name, picId, thumbUrl, motion, visibility, favoriteCount }) => ({
    stickerInstId,
    name,
    picId,
    thumbUrl,
    motion,
    favoriteCount,
    ...(visibility === undefined ? {} : { visibility }),
  }));
}

function StickerCard({ sticker, index, eager, href }: { sticker: StickerCardItem; index: number; eager: boolean; href: string }) {
  const { t } = useTranslation();
  return (
    <li className="group/card relative">
      <Link
        to={href}
        className="group block overflow-hidden rounded-2xl transition-transform hover:-translate-y-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
        style={{ backgroundColor: CARD_PALETTE[index % CARD_PALETTE.length] }}
      >
        {/* The first row is the page's Largest Contentful Paint on a phone: loaded at once and first
            (React preloads it from the head); the rest wait for the layout (decision 0023). */}
        <MovingImage
          moving={sticker.motion?.thumbUrl ?? null}
          movingSrcSet={sticker.motion ? thumbSrcSet(sticker.motion.thumbUrl) : undefined}
          src={sticker.thumbUrl}
          srcSet={thumbSrcSet(sticker.thumbUrl)}
          sizes={CARD_IMAGE_SIZES}
          alt={sticker.name}
          width={256}
          height={256}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          decoding={eager ? "auto" : "async"}
          className="aspect-square w-full p-2 transition-transform group-hover:scale-105"
        />
        {sticker.visibility === "private" ? (
          <span className="absolute start-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-stone-900/80 px-2 py-0.5 font-medium text-white text-xs">
            <LockIcon className="size-3" />
            {t("stickerActions.privateBadge")}
          </span>
        ) : null}
      </Link>
      <div className="absolute end-2 top-2 flex gap-1.5">
        <FavoriteButton sticker={sticker} revealClassName={REVEAL} />
        <a
          href={downloadPath(sticker)}
          download
          aria-label={t("stickerActions.downloadNamed", { name: sticker.name })}
          title={t("stickerActions.download")}
          className={`grid size-10 place-items-center rounded-full bg-white/95 text-stone-700 shadow-sm ring-1 ring-black/5 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${REVEAL}`}
        >
          <DownloadIcon />
        </a>
      </div>
    </li>
  );
}

/**
 * A responsive grid: 2 columns on phones, up to 6 on desktop. The first `eagerCount` cards (a phone's
 * first row) load eagerly with a high priority; the others lazily.
 */
export function StickerGrid({
  stickers,
  eagerCount = 2,
  label,
}: {
  stickers: StickerCardItem[];
  eagerCount?: number;
  label: string;
}) {
  const { to } = useLocalized();
  useFavoriteStatus(stickers.map((sticker) => sticker.stickerInstId));
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {stickers.map((sticker, index) => (
        <StickerCard
          key={sticker.stickerInstId}
          sticker={sticker}
          index={index}
          eager={index < eagerCount}
          href={to(stickerPath(sticker))}
        />
      ))}
    </ul>
  );
}
