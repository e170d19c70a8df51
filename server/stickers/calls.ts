import { z } from "zod";
import { pageInput } from "#common/paging.ts";
import { VISIBILITY_CHANGES_PER_MINUTE } from "#common/stickers.ts";
import type { AppContext } from "../context.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { getSticker } from "./get-sticker.ts";
import { listByPics, pageMyStickers, setStickerVisibility } from "./own-stickers.ts";
import { publicListAnswer } from "./public-list-cache.ts";
import { recommendStickers } from "./recommend-stickers.ts";

export const stickerListItem = z.object({
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
  visibility: z.enum(["public", "private"]).optional().describe("Only in the caller's own list (mySticker)."),
});

const stickerDetail = stickerListItem.extend({
  style: z.object({ id: z.number(), key: z.string(), name: z.string() }).nullable(),
  visibility: z.enum(["public", "private"]),
  mine: z.boolean(),
  locale: z.string(),
  hidden: z.boolean().describe("Hidden by moderation; true only for the owner (anyone else gets NOT_FOUND)."),
  staffView: z
    .boolean()
    .describe("True for staff opening a private or hidden sticker that was reported or hidden (others get NOT_FOUND)."),
});

export const stickerInstId = z
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
    etag: true,
    handle: ({ input }) => publicListAnswer(app.database.db, input, app.config.PUBLIC_LIST_CACHE_SECONDS),
  });

  const get = defineCall({
    method: "GET",
    path: "/api/sticker/get",
    summary:
      "One sticker for its detail page; a private or hidden sticker is NOT_FOUND to anyone but its owner, the same answer as an unknown id.",
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
    summary:
      "Public stickers like this one (same style first, then popular) as a plain array, without it, at most 24. A sticker the caller may not see is NOT_FOUND, as an unknown id.",
    tag: "stickers",
    access: "public",
    input: z.object({ stickerInstId }),
    output: z.array(stickerListItem),
    handle: ({ input, viewer }) =>
      recommendStickers(app.database.db, { stickerInstId: input.stickerInstId, viewerId: viewer?.userId ?? null }),
  });

  const mine = defineCall({
    method: "GET",
    path: "/api/sticker/page/mySticker",
    summary: "The stickers the caller made, newest first, private ones included (the stickers tab).",
    tag: "stickers",
    access: "user",
    input: z.object(pageInput),
    output: z.object({ list: z.array(stickerListItem), total: z.number() }),
    etag: true,
    handle: ({ input, viewer }) => pageMyStickers(app.database.db, { userId: requireViewer(viewer).userId, ...input }),
  });

  const byPics = defineCall({
    method: "GET",
    path: "/api/sticker/listByPics",
    summary:
      "The stickers made from the given pictures (picIds: comma-separated picture ids, at most 24), e.g. a task's results; others' private stickers are left out.",
    tag: "stickers",
    access: "public",
    input: z.object({
      picIds: z
        .string()
        .max(24 * 33)
        .transform((value) => value.split(",").filter(Boolean))
        .pipe(
          z
            .array(z.string().regex(/^[a-f0-9]{32}$/))
            .min(1)
            .max(24),
        ),
    }),
    output: z.array(stickerListItem),
    handle: ({ input, viewer }) => listByPics(app.database.db, { picIds: input.picIds, viewerId: viewer?.userId ?? null }),
  });

  const visibilityChanges = createRateLimit(app.config, {
    name: "sticker-visibility",
    points: VISIBILITY_CHANGES_PER_MINUTE,
    durationSeconds: 60,
  });
  const visibility = defineCall({
    method: "POST",
    path: "/api/sticker/setVisibility",
    summary: `The owner makes a sticker public (community lists) or private (only they can open it); ${VISIBILITY_CHANGES_PER_MINUTE} per user per minute. Anyone else's sticker is NOT_FOUND, as an unknown id.`,
    tag: "stickers",
    access: "user",
    input: z.object({ stickerInstId, visibility: z.enum(["public", "private"]) }),
    output: z.object({ stickerInstId: z.string(), visibility: z.enum(["public", "private"]) }),
    async handle({ input, viewer }) {
      const userId = requireViewer(viewer).userId;
      await visibilityChanges.consume(`${userId}`);
      return setStickerVisibility(app.database.db, { userId, ...input });
    },
  });

  return [pageByTag, get, recommendation, mine, byPics, visibility];
}
