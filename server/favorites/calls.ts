import { z } from "zod";
import { stickerInstId, stickerListItem } from "#common/api/stickers.ts";
import { pageInput } from "#common/paging.ts";
import type { AppContext } from "../context.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { favoritedAmong, pageFavorites, setFavorite } from "./favorites.ts";

/** Favourites (spec §7 /api/favorite, /api/favorite/page). */
export function favoriteCalls(app: AppContext) {
  const toggle = defineCall({
    method: "POST",
    path: "/api/favorite",
    summary:
      "Adds (action add, the default) or removes (action remove) a favourite. Idempotent; answers the resulting state and count. Someone else's private or hidden sticker is NOT_FOUND, as an unknown id, unless the caller takes back a favourite they hold (count 0 then).",
    tag: "favorites",
    access: "user",
    input: z.object({ stickerInstId, action: z.enum(["add", "remove"]).default("add") }),
    output: z.object({ stickerInstId: z.string(), favorited: z.boolean(), favoriteCount: z.number() }),
    handle: ({ input, viewer }) =>
      setFavorite(app.database.db, {
        userId: requireViewer(viewer).userId,
        stickerInstId: input.stickerInstId,
        favorite: input.action === "add",
      }),
  });

  const page = defineCall({
    method: "GET",
    path: "/api/favorite/page",
    summary: "The caller's favourites, newest first (the favorites tab).",
    tag: "favorites",
    access: "user",
    input: z.object(pageInput),
    output: z.object({ list: z.array(stickerListItem), total: z.number() }),
    etag: true,
    handle: ({ input, viewer }) => pageFavorites(app.database.db, { userId: requireViewer(viewer).userId, ...input }),
  });

  const status = defineCall({
    method: "GET",
    path: "/api/favorite/status",
    summary: "Which of the given stickers (comma-separated stickerInstIds, at most 100) the caller has favourited.",
    tag: "favorites",
    access: "user",
    input: z.object({
      stickerInstIds: z
        .string()
        .max(6500)
        .transform((value) => value.split(",").filter(Boolean))
        .pipe(z.array(stickerInstId).max(100)),
    }),
    output: z.object({ favorited: z.array(z.string()) }),
    handle: async ({ input, viewer }) => ({
      favorited: await favoritedAmong(app.database.db, {
        userId: requireViewer(viewer).userId,
        stickerInstIds: input.stickerInstIds,
      }),
    }),
  });

  return [toggle, page, status];
}
