import { z } from "zod";
import { pageInput } from "#common/paging.ts";
import type { AppContext } from "../context.ts";
import { defineCall } from "../http/define-call.ts";
import { getSticker } from "./get-sticker.ts";
import { listPublicStickers } from "./public-list-cache.ts";
import { recommendStickers } from "./recommend-stickers.ts";

const stickerListItem = z.object({
  stickerInstId: z.string(),
  taskId: z.number().nullable(),
  picId: z.object({ id: z.string() }),
  tags: z.array(z.object({ id: z.number() })),
  name: z.string(),
  prompt: z.string(),
  styleId: z.number().nullable(),
  imageUrl: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
  favoriteCount: z.number(),
  createdAt: z.string(),
});

const stickerDetail = stickerListItem.extend({
  style: z.object({ id: z.number(), key: z.string(), name: z.string() }).nullable(),
  visibility: z.enum(["public", "private"]),
  mine: z.boolean(),
  locale: z.string(),
});

const stickerInstId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Public browsing of stickers (spec §2 lists and detail, §7). */
export function stickerCalls(app: AppContext) {
  const pageByTag = defineCall({
    method: "GET",
    path: "/api/square/pageByTag",
    summary:
      "One page of a tag's public stickers: popular = tagId 1 (by popularity), latest = tagId 1 with sortBy=id (newest first), explore = tagId 2 (newest first).",
    tag: "stickers",
    access: "public",
    input: z.object({
      ...pageInput,
      tagId: z.coerce.number().int().min(1).max(2_147_483_647),
      sortBy: z.enum(["id", "popular"]).optional(),
    }),
    output: z.object({ list: z.array(stickerListItem), total: z.number() }),
    handle: ({ input }) => listPublicStickers(app.database.db, input, app.config.PUBLIC_LIST_CACHE_SECONDS),
  });

  const get = defineCall({
    method: "GET",
    path: "/api/sticker/get",
    summary: "One sticker for its detail page; a private sticker answers NO_PERMISSION to anyone but its owner.",
    tag: "stickers",
    access: "public",
    input: z.object({ stickerInstId }),
    output: stickerDetail,
    handle: ({ input, viewer, c }) =>
      getSticker(app.database.db, {
        stickerInstId: input.stickerInstId,
        viewerId: viewer?.userId ?? null,
        language: c.var.language,
      }),
  });

  const recommendation = defineCall({
    method: "GET",
    path: "/api/sticker/recommendation",
    summary: "Public stickers like this one (same style first, then popular) as a plain array, without it, at most 24.",
    tag: "stickers",
    access: "public",
    input: z.object({ stickerInstId }),
    output: z.array(stickerListItem),
    handle: ({ input }) => recommendStickers(app.database.db, { stickerInstId: input.stickerInstId }),
  });

  return [pageByTag, get, recommendation];
}
