import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { toastError } from "#app/lib/toast.ts";
import { requestSignIn } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";

/** What the page knows about one sticker's favourite: the viewer's heart and the count, when known. */
export interface FavoriteState {
  favorited: boolean;
  count: number;
}

interface Entry {
  favorited?: boolean;
  count?: number;
}

/**
 * One store per page, so every heart of a sticker (card, detail, recommendations) shows the same state
 * and a toggle in one place moves them all. It holds the facts of one signed-in user at a time.
 */
let entries = new Map<string, Entry>();
let owner: number | null = null;
const pending = new Set<string>();
const listeners = new Set<() => void>();
/** The status call answers at most 100 stickers (`GET /api/favorite/status`). */
const STATUS_BATCH = 100;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notify() {
  for (const listener of listeners) listener();
}

function update(changes: Map<string, Entry>) {
  if (changes.size === 0) return;
  entries = new Map(entries);
  for (const [id, entry] of changes) entries.set(id, { ...entries.get(id), ...entry });
  notify();
}

/** A sign-in or sign-out starts from nothing: the hearts belong to whoever is signed in now. */
function followUser(userId: number | null) {
  if (owner === userId) return;
  owner = userId;
  entries = new Map();
  notify();
}

function useFollowUser() {
  const userId = useUser()?.id ?? null;
  useEffect(() => followUser(userId), [userId]);
  return userId;
}

/** One sticker's heart and count; `known` (from the loader or the list item) fills what the store lacks. */
export function useFavorite(stickerInstId: string, known: FavoriteState): FavoriteState {
  useFollowUser();
  const entry = useSyncExternalStore(
    subscribe,
    () => entries.get(stickerInstId),
    () => undefined,
  );
  return { favorited: entry?.favorited ?? known.favorited, count: entry?.count ?? known.count };
}

/** Asks once which of these stickers the signed-in viewer has favourited (cards of a grid). */
export function useFavoriteStatus(stickerInstIds: string[]) {
  const userId = useFollowUser();
  const key = stickerInstIds.join(",");
  useEffect(() => {
    if (userId === null || key === "") return;
    followUser(userId);
    const unknown = key.split(",").filter((id) => entries.get(id)?.favorited === undefined);
    for (let start = 0; start < unknown.length; start += STATUS_BATCH) {
      const batch = unknown.slice(start, start + STATUS_BATCH);
      api.favorite
        .status({ stickerInstIds: batch.join(",") }, { dedupe: true })
        .then((answer) => {
          if (owner !== userId) return;
          const favorited = new Set(answer.favorited);
          // A toggle made while the answer travelled is newer than it.
          update(new Map(batch.filter((id) => !pending.has(id)).map((id) => [id, { favorited: favorited.has(id) }])));
        })
        // The hearts stay empty; the toggle still works and tells the truth when used.
        .catch(() => undefined);
    }
  }, [userId, key]);
}

/**
 * Favourites or un-favourites a sticker: the heart moves at once and goes back with an error toast
 * when the server refuses; a visitor is asked to sign in first (spec §6).
 */
export function useToggleFavorite() {
  const { t } = useTranslation();
  const userId = useFollowUser();
  return useCallback(
    (stickerInstId: string, current: FavoriteState) => {
      if (userId === null) {
        requestSignIn("favorite");
        return;
      }
      // One request per sticker at a time, so the answers cannot arrive out of order.
      if (pending.has(stickerInstId)) return;
      const before = entries.get(stickerInstId) ?? {};
      const favorited = !current.favorited;
      pending.add(stickerInstId);
      update(new Map([[stickerInstId, { favorited, count: Math.max(0, current.count + (favorited ? 1 : -1)) }]]));
      api.favorite
        .set({ stickerInstId, action: favorited ? "add" : "remove" })
        .then((answer) => {
          if (owner === userId) update(new Map([[stickerInstId, { favorited: answer.favorited, count: answer.favoriteCount }]]));
        })
        .catch((error: unknown) => {
          if (owner === userId) {
            update(
              new Map([
                [stickerInstId, { favorited: before.favorited ?? current.favorited, count: before.count ?? current.count }],
              ]),
            );
          }
          toastError(error, t);
        })
        .finally(() => {
          pending.delete(stickerInstId);
          notify();
        });
    },
    [userId, t],
  );
}

/** Whether a toggle of this sticker is on its way (the button shows it busy). */
export function useFavoritePending(stickerInstId: string) {
  return useSyncExternalStore(
    subscribe,
    () => pending.has(stickerInstId),
    () => false,
  );
}
