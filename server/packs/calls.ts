import { z } from "zod";
import { PACK_MAX_STICKERS, PACK_PUBLIC_CHANGES_PER_MINUTE } from "#common/packs.ts";
import { pageInput } from "#common/paging.ts";
import type { AppContext } from "../context.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { stickerInstId, stickerListItem } from "../stickers/calls.ts";
import { addStickersToPack } from "./add-stickers.ts";
import { createPack } from "./create-pack.ts";
import { deletePack } from "./delete-pack.ts";
import { getPack } from "./get-pack.ts";
import { pageMyPacks, pagePublicPacks } from "./list-packs.ts";
import { packsForSticker } from "./packs-for-sticker.ts";
import { removeStickerFromPack } from "./remove-sticker.ts";
import { reorderPack } from "./reorder-pack.ts";
import { setPackEmoji } from "./set-pack-emoji.ts";
import { updatePack } from "./update-pack.ts";

/** A pack's public id (as a sticker's): URL-safe characters. */
export const packIdInput = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

const visibility = z.enum(["public", "private"]);

/** Names and emoji are checked by the services, so a bad one answers PACK_NAME_INVALID / PACK_EMOJI_INVALID. */
const nameInput = z.string().max(1000);

export const packSummary = z.object({
  packId: z.string(),
  name: z.string(),
  visibility,
  stickerCount: z.number().describe("The stickers the caller sees (a visitor: the public ones)."),
  cover: z.object({ stickerInstId: z.string(), thumbUrl: z.string(), imageUrl: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const packDetailOutput = packSummary.extend({
  stickers: z.array(stickerListItem.extend({ position: z.number(), emoji: z.array(z.string()) })),
  mine: z.boolean(),
  owner: z.object({ name: z.string() }),
  pendingTaskIds: z.array(z.number()).describe("Tasks of a pack being made in one go that have not finished (owner only)."),
  hidden: z.boolean().describe("Hidden by a moderator; true only for the owner (anyone else gets PACK_NOT_FOUND)."),
  staffView: z.boolean().describe("True for staff opening a pack others cannot (private or hidden) that was reported or hidden."),
});

const packPage = z.object({ list: z.array(packSummary), total: z.number() });

/** Sticker packs for messengers (decision 0024). Only the owner changes a pack; others get PACK_NOT_FOUND. */
export function packCalls(app: AppContext) {
  const db = app.database.db;

  const create = defineCall({
    method: "POST",
    path: "/api/pack/create",
    summary: "A new pack (private unless asked), optionally with stickers: the caller's own or public ones they favourited.",
    tag: "packs",
    access: "user",
    input: z.object({
      name: nameInput,
      visibility: visibility.optional(),
      stickerInstIds: z.array(stickerInstId).max(PACK_MAX_STICKERS).optional(),
    }),
    output: packDetailOutput,
    handle: ({ input, viewer, c }) =>
      createPack(db, {
        userId: requireViewer(viewer).userId,
        name: input.name,
        locale: c.var.language,
        ...(input.visibility ? { visibility: input.visibility } : {}),
        ...(input.stickerInstIds ? { stickerInstIds: input.stickerInstIds } : {}),
      }),
  });

  const publicChanges = createRateLimit(app.config, {
    name: "pack-visibility",
    points: PACK_PUBLIC_CHANGES_PER_MINUTE,
    durationSeconds: 60,
  });
  const update = defineCall({
    method: "POST",
    path: "/api/pack/update",
    summary: `The owner renames a pack, makes it public or private, or sets its cover (null: the first sticker); ${PACK_PUBLIC_CHANGES_PER_MINUTE} visibility changes and deletions per user per minute.`,
    tag: "packs",
    access: "user",
    input: z.object({
      packId: packIdInput,
      name: nameInput.optional(),
      visibility: visibility.optional(),
      coverStickerInstId: stickerInstId.nullable().optional(),
    }),
    output: packDetailOutput,
    async handle({ input, viewer }) {
      const userId = requireViewer(viewer).userId;
      if (input.visibility !== undefined) await publicChanges.consume(`${userId}`);
      return updatePack(db, {
        userId,
        packId: input.packId,
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
        ...(input.coverStickerInstId === undefined ? {} : { coverStickerInstId: input.coverStickerInstId }),
      });
    },
  });

  const remove = defineCall({
    method: "POST",
    path: "/api/pack/delete",
    summary: `The owner deletes a pack; its stickers stay (counted with visibility changes: ${PACK_PUBLIC_CHANGES_PER_MINUTE} per user per minute).`,
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput }),
    output: z.object({ deleted: z.literal(true) }),
    async handle({ input, viewer }) {
      const userId = requireViewer(viewer).userId;
      await publicChanges.consume(`${userId}`);
      return deletePack(db, { userId, packId: input.packId });
    },
  });

  const addStickers = defineCall({
    method: "POST",
    path: "/api/pack/addStickers",
    summary:
      "The owner appends stickers in the given order (ones already in the pack are skipped), each with a suggested emoji. All or nothing: PACK_STICKER_NOT_FOUND, PACK_FULL.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstIds: z.array(stickerInstId).min(1).max(PACK_MAX_STICKERS) }),
    output: packDetailOutput,
    handle: ({ input, viewer }) => addStickersToPack(db, { userId: requireViewer(viewer).userId, ...input }),
  });

  const removeSticker = defineCall({
    method: "POST",
    path: "/api/pack/removeSticker",
    summary: "The owner takes a sticker out of a pack; the rest close up and the cover falls back to the first sticker.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstId }),
    output: packDetailOutput,
    handle: ({ input, viewer }) => removeStickerFromPack(db, { userId: requireViewer(viewer).userId, ...input }),
  });

  const reorder = defineCall({
    method: "POST",
    path: "/api/pack/reorder",
    summary: "The owner sends the pack's whole new order; it must name exactly the pack's stickers, else PACK_CHANGED.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstIds: z.array(stickerInstId).max(PACK_MAX_STICKERS) }),
    output: packDetailOutput,
    handle: ({ input, viewer }) => reorderPack(db, { userId: requireViewer(viewer).userId, ...input }),
  });

  const setEmoji = defineCall({
    method: "POST",
    path: "/api/pack/setEmoji",
    summary: "The owner sets the 1 to 3 emoji a sticker stands for in the pack (PACK_EMOJI_INVALID).",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstId, emoji: z.array(z.string().max(64)).max(16) }),
    output: packDetailOutput,
    handle: ({ input, viewer }) => setPackEmoji(db, { userId: requireViewer(viewer).userId, ...input }),
  });

  const get = defineCall({
    method: "GET",
    path: "/api/pack/get",
    summary: "A pack with the stickers the caller sees, in order. A private pack is PACK_NOT_FOUND to anyone but its owner.",
    tag: "packs",
    access: "public",
    input: z.object({ packId: packIdInput }),
    output: packDetailOutput,
    handle: ({ input, viewer }) => getPack(db, { packId: input.packId, viewerId: viewer?.userId ?? null }),
  });

  const mine = defineCall({
    method: "GET",
    path: "/api/pack/mine",
    summary: "The caller's packs, newest first, private and empty ones included.",
    tag: "packs",
    access: "user",
    input: z.object(pageInput),
    output: packPage,
    etag: true,
    handle: ({ input, viewer }) => pageMyPacks(db, { userId: requireViewer(viewer).userId, ...input }),
  });

  const page = defineCall({
    method: "GET",
    path: "/api/pack/page",
    summary: "Public packs holding at least one public sticker, newest first, as a visitor sees them.",
    tag: "packs",
    access: "public",
    input: z.object(pageInput),
    output: packPage,
    etag: true,
    handle: ({ input }) => pagePublicPacks(db, input),
  });

  const forSticker = defineCall({
    method: "GET",
    path: "/api/pack/forSticker",
    summary:
      "The caller's packs for a sticker's \"Add to pack\" menu: whether each holds it, and its count. Another's public sticker can be added once the caller has favourited it.",
    tag: "packs",
    access: "user",
    input: z.object({ stickerInstId }),
    output: z.object({
      list: z.array(z.object({ packId: z.string(), name: z.string(), contains: z.boolean(), stickerCount: z.number() })),
    }),
    handle: ({ input, viewer }) =>
      packsForSticker(db, { userId: requireViewer(viewer).userId, stickerInstId: input.stickerInstId }),
  });

  return [create, update, remove, addStickers, removeSticker, reorder, setEmoji, get, mine, page, forSticker];
}
