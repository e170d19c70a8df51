import { lazy, Suspense, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { StickerDetail } from "#common/stickers.ts";
import { useUser } from "../auth/use-user.ts";
import { useFavorite } from "../favorites/use-favorites.ts";
import { Icon } from "../stickers/icons.tsx";

// The dialog loads with the first opening (docs/ARCHITECTURE.md, "First-load budget").
const loadDialog = () => import("./add-to-pack-dialog.tsx");
const AddToPackDialog = lazy(loadDialog);

/**
 * "Add to pack" on a sticker's page, for a signed-in viewer who may add it: their own sticker, or a
 * public one they favourited. On another's public sticker not yet favourited it says that the heart
 * comes first; a visitor sees nothing.
 */
export function AddToPack({
  sticker,
  favorited,
  buttonClassName,
}: {
  sticker: StickerDetail;
  favorited: boolean;
  buttonClassName: string;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const heart = useFavorite(sticker.stickerInstId, { favorited, count: sticker.favoriteCount });
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const mayAdd = sticker.mine || (sticker.visibility === "public" && heart.favorited);
  if (!mayAdd) return <p className="text-sm text-stone-600">{t("packs.add.favoriteFirst")}</p>;
  return (
    <>
      <button
        type="button"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
        className={buttonClassName}
      >
        <PackIcon />
        {t("packs.add.button")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AddToPackDialog stickerInstId={sticker.stickerInstId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function PackIcon() {
  return (
    <Icon>
      <path d="M4 7.5 12 4l8 3.5v9L12 20l-8-3.5zM4 7.5 12 11l8-3.5M12 11v9" />
    </Icon>
  );
}
