import { Link } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import type { PackSummary } from "#common/packs.ts";
import { CARD_PALETTE } from "#common/stickers.ts";
import { LockIcon } from "../stickers/icons.tsx";
import { CARD_IMAGE_SIZES, thumbSrcSet } from "../stickers/sticker-image.ts";
import { packPath } from "./pack-path.ts";

/** Packs as cards (cover, name, count), 2 columns on phones up to 5 on desktop; the first row loads eagerly. */
export function PackGrid({ packs, label, eagerCount = 2 }: { packs: PackSummary[]; label: string; eagerCount?: number }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {packs.map((pack, index) => {
        const eager = index < eagerCount;
        return (
          <li key={pack.packId}>
            <Link
              to={to(packPath(pack))}
              className="group block overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200 transition-transform hover:-translate-y-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <div className="relative" style={{ backgroundColor: CARD_PALETTE[index % CARD_PALETTE.length] }}>
                {pack.cover ? (
                  <img
                    src={pack.cover.thumbUrl}
                    srcSet={thumbSrcSet(pack.cover.thumbUrl)}
                    sizes={CARD_IMAGE_SIZES}
                    alt=""
                    width={256}
                    height={256}
                    loading={eager ? "eager" : "lazy"}
                    fetchPriority={eager ? "high" : "auto"}
                    className="aspect-square w-full p-3 transition-transform group-hover:scale-105"
                  />
                ) : (
                  <div className="grid aspect-square w-full place-items-center text-5xl" aria-hidden="true">
                    🗂️
                  </div>
                )}
                {pack.visibility === "private" ? (
                  <span className="absolute start-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-stone-900/80 px-2 py-0.5 font-medium text-white text-xs">
                    <LockIcon className="size-3" />
                    {t("packs.private")}
                  </span>
                ) : null}
              </div>
              <div className="p-3">
                <p className="truncate font-semibold" dir="auto">
                  {pack.name}
                </p>
                <p className="text-sm text-stone-600">{t("packs.count", { count: pack.stickerCount })}</p>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
