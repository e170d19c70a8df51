import { favoriteCalls as declared } from "#common/api/favorites.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { favoritedAmong, pageFavorites, setFavorite } from "./favorites.ts";

/** Favourites (spec §7 /api/favorite, /api/favorite/page). */
export function favoriteCalls(app: AppContext) {
  const db = app.database.db;
  return [
    implementCall(declared.set, ({ input, viewer }) =>
      setFavorite(db, { userId: viewer.userId, stickerInstId: input.stickerInstId, favorite: input.action === "add" }),
    ),
    implementCall(declared.page, ({ input, viewer }) => pageFavorites(db, { userId: viewer.userId, ...input })),
    implementCall(declared.status, async ({ input, viewer }) => ({
      favorited: await favoritedAmong(db, { userId: viewer.userId, stickerInstIds: input.stickerInstIds }),
    })),
  ];
}
