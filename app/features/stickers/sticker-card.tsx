import { Link } from "react-router";
import { CARD_PALETTE, type StickerListItem, stickerSlug } from "#common/stickers.ts";
import { useLocalized } from "../../i18n/use-localized.ts";

/** A sticker's page: /sticker/{instId}/{slug of its name}. */
export function stickerPath(sticker: Pick<StickerListItem, "stickerInstId" | "name">) {
  const slug = stickerSlug(sticker.name);
  return `/sticker/${sticker.stickerInstId}${slug ? `/${slug}` : ""}`;
}

/** One sticker in a grid: its thumbnail on a palette colour (spec §3 bgColor), linking to its page. */
export function StickerCard({
  sticker,
  index,
  eager,
  href,
}: {
  sticker: StickerListItem;
  index: number;
  eager: boolean;
  href: string;
}) {
  return (
    <li>
      <Link
        to={href}
        className="group block overflow-hidden rounded-2xl transition-transform hover:-translate-y-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
        style={{ backgroundColor: CARD_PALETTE[index % CARD_PALETTE.length] }}
      >
        <img
          src={sticker.thumbUrl}
          alt={sticker.name}
          width={256}
          height={256}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager && index < 2 ? "high" : "auto"}
          decoding="async"
          className="aspect-square w-full p-2 transition-transform group-hover:scale-105"
        />
      </Link>
    </li>
  );
}

/** A responsive grid: 2 columns on phones, up to 6 on desktop; the first screenful loads eagerly. */
export function StickerGrid({
  stickers,
  eagerCount = 6,
  label,
}: {
  stickers: StickerListItem[];
  eagerCount?: number;
  label: string;
}) {
  const { to } = useLocalized();
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
