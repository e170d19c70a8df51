/** The owner's change of a sticker's emoji, keywords and alt text (decision 0042). */
import { stickerCalls as declared } from "#common/api/stickers.ts";
import { LABEL_CHANGES_PER_MINUTE } from "#common/sticker-labels.ts";
import type { AppContext } from "#server/context.ts";
import { implementCall } from "#server/http/define-call.ts";
import { createRateLimit } from "#server/rate-limit.ts";
import { checkedEdits, setStickerLabels } from "./set-labels.ts";

export function stickerLabelCalls(app: AppContext) {
  const changes = createRateLimit(app.config, {
    name: "sticker-labels",
    points: LABEL_CHANGES_PER_MINUTE,
    durationSeconds: 60,
  });

  return [
    implementCall(declared.setLabels, async ({ input, viewer, c }) => {
      // Refused labels cost none of the minute's changes: the rules first, then the limit.
      checkedEdits(input);
      await changes.consume(`${viewer.userId}`);
      return setStickerLabels(app.database.db, { userId: viewer.userId, language: c.var.language, ...input });
    }),
  ];
}
