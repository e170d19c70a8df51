import { z } from "zod";
import { pageInput } from "../paging.ts";
import { declareCall } from "./declare-call.ts";
import { stickerInstId, stickerPage } from "./stickers.ts";

/** Favourites (spec §7 /api/favorite, /api/favorite/page). */
export const favoriteCalls = {
  set: declareCall({
    method: "POST",
    path: "/api/favorite",
    summary:
      "Adds (action add, the default) or removes (action remove) a favourite. Idempotent; answers the resulting state and count. Someone else's private or hidden sticker is NOT_FOUND, as an unknown id, unless the caller takes back a favourite they hold (count 0 then).",
    tag: "favorites",
    access: "user",
    input: z.object({ stickerInstId, action: z.enum(["add", "remove"]).default("add") }),
    output: z.object({ stickerInstId: z.string(), favorited: z.boolean(), favoriteCount: z.number() }),
  }),

  page: declareCall({
    method: "GET",
    path: "/api/favorite/page",
    summary: "The caller's favourites, newest first (the favorites tab).",
    tag: "favorites",
    access: "user",
    input: z.object(pageInput),
    output: stickerPage,
    etag: true,
  }),

  status: declareCall({
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
  }),
};
