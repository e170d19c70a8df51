/** The owner's editor of a made sticker (decision 0047): its settings, a save, the original put back. */
import { stickerCalls as declared } from "#common/api/stickers.ts";
import { EDITS_PER_MINUTE } from "#common/sticker-edit.ts";
import type { AppContext } from "#server/context.ts";
import { implementCall } from "#server/http/define-call.ts";
import { createRateLimit } from "#server/rate-limit.ts";
import { readStickerEditor, restoreStickerOriginal, saveStickerEdit } from "./edit-sticker.ts";

/** One budget for previews and saves: both draw the sticker. */
export function stickerEditLimit(app: AppContext) {
  return createRateLimit(app.config, { name: "sticker-edit", points: EDITS_PER_MINUTE, durationSeconds: 60 });
}

export function stickerEditCalls(app: AppContext) {
  const edits = stickerEditLimit(app);
  return [
    implementCall(declared.editor, ({ input, viewer }) => readStickerEditor(app, viewer.userId, input.stickerInstId)),
    implementCall(declared.edit, async ({ input, viewer }) => {
      await edits.consume(`${viewer.userId}`);
      return saveStickerEdit(app, viewer.userId, input.stickerInstId, input.edit);
    }),
    implementCall(declared.restoreOriginal, ({ input, viewer }) =>
      restoreStickerOriginal(app, viewer.userId, input.stickerInstId),
    ),
  ];
}
