import { Link } from "react-router";
import { useLocalized } from "#app/i18n/use-localized.ts";
import type { PackSticker } from "#common/packs.ts";
import { CARD_PALETTE } from "#common/stickers.ts";
import { MovingImage } from "../motion/moving-image.tsx";
import { stickerPath } from "../stickers/sticker-paths.ts";

/** A sticker's picture in a pack, linking to its page; `alt` is its alt text (decision 0042), else its name. */
export function StickerPicture({ sticker, index, alt }: { sticker: PackSticker; index: number; alt: string | undefined }) {
  const { to } = useLocalized();
  return (
    <Link
      to={to(stickerPath(sticker))}
      className="block overflow-hidden rounded-xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
      style={{ backgroundColor: CARD_PALETTE[index % CARD_PALETTE.length] }}
    >
      <MovingImage
        moving={sticker.motion?.thumbUrl ?? null}
        src={sticker.thumbUrl}
        alt={alt ?? sticker.name}
        width={256}
        height={256}
        loading={index < 4 ? "eager" : "lazy"}
        draggable={false}
        className="aspect-square w-full p-2"
      />
    </Link>
  );
}
