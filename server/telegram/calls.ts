import { telegramCalls as declared } from "#common/api/telegram.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { startTelegramLink, unlinkTelegram } from "./link-account.ts";
import { addPackToTelegram, packTelegramSet, telegramStatus } from "./pack-sets.ts";

/** "Add to Telegram" through our bot (decision 0044). */
export function telegramCalls(app: AppContext) {
  return [
    implementCall(declared.status, ({ viewer }) => telegramStatus(app, viewer.userId)),
    implementCall(declared.link, ({ viewer }) => startTelegramLink(app, viewer.userId)),
    implementCall(declared.unlink, async ({ viewer }) => {
      await unlinkTelegram(app, viewer.userId);
      return telegramStatus(app, viewer.userId);
    }),
    implementCall(declared.addPack, ({ input, viewer, c }) =>
      addPackToTelegram(app, viewer.userId, input.packId, c.var.language),
    ),
    implementCall(declared.packSet, ({ input, viewer, c }) => packTelegramSet(app, viewer.userId, input.packId, c.var.language)),
  ];
}
