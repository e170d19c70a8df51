import { packCalls as declared } from "#common/api/packs.ts";
import { PACK_PUBLIC_CHANGES_PER_MINUTE } from "#common/packs.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
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

/** Sticker packs for messengers (decision 0024). Only the owner changes a pack; others get PACK_NOT_FOUND. */
export function packCalls(app: AppContext) {
  const db = app.database.db;
  const publicChanges = createRateLimit(app.config, {
    name: "pack-visibility",
    points: PACK_PUBLIC_CHANGES_PER_MINUTE,
    durationSeconds: 60,
  });

  return [
    implementCall(declared.create, ({ input, viewer, c }) =>
      createPack(db, {
        userId: viewer.userId,
        name: input.name,
        locale: c.var.language,
        ...(input.visibility ? { visibility: input.visibility } : {}),
        ...(input.stickerInstIds ? { stickerInstIds: input.stickerInstIds } : {}),
      }),
    ),
    implementCall(declared.update, async ({ input, viewer: { userId } }) => {
      if (input.visibility !== undefined) await publicChanges.consume(`${userId}`);
      return updatePack(db, {
        userId,
        packId: input.packId,
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
        ...(input.coverStickerInstId === undefined ? {} : { coverStickerInstId: input.coverStickerInstId }),
      });
    }),
    implementCall(declared.delete, async ({ input, viewer: { userId } }) => {
      await publicChanges.consume(`${userId}`);
      return deletePack(db, { userId, packId: input.packId });
    }),
    implementCall(declared.addStickers, ({ input, viewer }) => addStickersToPack(db, { userId: viewer.userId, ...input })),
    implementCall(declared.removeSticker, ({ input, viewer }) => removeStickerFromPack(db, { userId: viewer.userId, ...input })),
    implementCall(declared.reorder, ({ input, viewer }) => reorderPack(db, { userId: viewer.userId, ...input })),
    implementCall(declared.setEmoji, ({ input, viewer }) => setPackEmoji(db, { userId: viewer.userId, ...input })),
    implementCall(declared.get, ({ input, viewer }) => getPack(db, { packId: input.packId, viewerId: viewer?.userId ?? null })),
    implementCall(declared.mine, ({ input, viewer }) => pageMyPacks(db, { userId: viewer.userId, ...input })),
    implementCall(declared.page, ({ input }) => pagePublicPacks(db, input)),
    implementCall(declared.forSticker, ({ input, viewer }) =>
      packsForSticker(db, { userId: viewer.userId, stickerInstId: input.stickerInstId }),
    ),
  ];
}
