import { stickerCalls as declared } from "#common/api/stickers.ts";
import { VISIBILITY_CHANGES_PER_MINUTE } from "#common/stickers.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { stickerEditCalls } from "./edit/calls.ts";
import { getSticker } from "./get-sticker.ts";
import { stickerLabelCalls } from "./labels/calls.ts";
import { listByPics, pageMyStickers, setStickerVisibility } from "./own-stickers.ts";
import { keptPublicList, publicListAnswer } from "./public-list-cache.ts";
import { recommendStickers } from "./recommend-stickers.ts";

/** Public browsing of stickers (spec §2 lists and detail, §7), and the owner's visibility and labels. */
export function stickerCalls(app: AppContext) {
  const db = app.database.db;
  const visibilityChanges = createRateLimit(app.config, {
    name: "sticker-visibility",
    points: VISIBILITY_CHANGES_PER_MINUTE,
    durationSeconds: 60,
  });

  return [
    implementCall(declared.pageByTag, ({ input }) => publicListAnswer(db, input, app.config.PUBLIC_LIST_CACHE_SECONDS), {
      fromMemory: (input) => keptPublicList(db, input),
    }),
    implementCall(declared.get, ({ input, viewer, c }) =>
      getSticker(db, { stickerInstId: input.stickerInstId, viewerId: viewer?.userId ?? null, language: c.var.language }),
    ),
    implementCall(declared.recommendation, ({ input, viewer }) =>
      recommendStickers(db, { stickerInstId: input.stickerInstId, viewerId: viewer?.userId ?? null }),
    ),
    implementCall(declared.mine, ({ input, viewer }) => pageMyStickers(db, { userId: viewer.userId, ...input })),
    implementCall(declared.byPictures, ({ input, viewer }) =>
      listByPics(db, { picIds: input.picIds, viewerId: viewer?.userId ?? null }),
    ),
    implementCall(declared.setVisibility, async ({ input, viewer }) => {
      await visibilityChanges.consume(`${viewer.userId}`);
      return setStickerVisibility(db, { userId: viewer.userId, ...input });
    }),
    ...stickerLabelCalls(app),
    ...stickerEditCalls(app),
  ];
}
