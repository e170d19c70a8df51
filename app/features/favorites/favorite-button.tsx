import { useId } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useFavorite, useFavoritePending, useToggleFavorite } from "./use-favorites.ts";

function HeartIcon({ filled, className = "size-5" }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill={filled ? "currentColor" : "none"}>
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart of a sticker (spec §1: signed-in users keep favourites). `icon` sits on a card; `pill`
 * sits in the detail page's action row and shows the count.
 */
export function FavoriteButton({
  sticker,
  favorited: knownFavorited = false,
  variant = "icon",
  revealClassName = "",
}: {
  sticker: { stickerInstId: string; favoriteCount: number };
  /** What the loader already knows (the detail page); cards learn it from the grid's status call. */
  favorited?: boolean;
  variant?: "icon" | "pill";
  /** Hides an empty heart until its card is hovered or focused; a filled one stays in sight. */
  revealClassName?: string;
}) {
  const { t } = useTranslation();
  const countId = useId();
  const state = useFavorite(sticker.stickerInstId, { favorited: knownFavorited, count: sticker.favoriteCount });
  const busy = useFavoritePending(sticker.stickerInstId);
  const toggle = useToggleFavorite();
  const label = t(state.favorited ? "stickerActions.removeFavorite" : "stickerActions.addFavorite");
  const heartColour = state.favorited ? "text-rose-600" : "text-stone-700";

  if (variant === "icon") {
    return (
      <button
        type="button"
        aria-pressed={state.favorited}
        aria-label={label}
        aria-busy={busy || undefined}
        title={label}
        onClick={() => toggle(sticker.stickerInstId, state)}
        className={`grid size-10 place-items-center rounded-full bg-white/95 shadow-sm ring-1 ring-black/5 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${heartColour} ${state.favorited ? "" : revealClassName}`}
      >
        <HeartIcon filled={state.favorited} />
      </button>
    );
  }
  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        aria-pressed={state.favorited}
        // The visible count is part of the name too (WCAG 2.5.3, label in name); the description says what it counts.
        aria-label={`${label} (${state.count})`}
        aria-describedby={countId}
        aria-busy={busy || undefined}
        title={label}
        onClick={() => toggle(sticker.stickerInstId, state)}
        className={`inline-flex h-10 items-center gap-2 rounded-full px-4 font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
          state.favorited ? "bg-rose-50 ring-rose-200 hover:bg-rose-100" : "bg-white ring-stone-300 hover:bg-stone-100"
        } ${heartColour}`}
      >
        <HeartIcon filled={state.favorited} />
        <span aria-hidden="true" className="text-stone-800 tabular-nums">
          {state.count}
        </span>
      </button>
      <span id={countId} className="sr-only">
        {t("stickerActions.favoriteCount", { count: state.count })}
      </span>
    </span>
  );
}
