import { randomInt } from "node:crypto";
import { tipCalls as declared } from "#common/api/gallery.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { nextTips } from "./next-tips.ts";

/** Tips shown while a sticker is made (spec §7 /api/v2/aitask/generateRandomTip). */
export function tipCalls(app: AppContext) {
  return [
    implementCall(declared.next, ({ input, c }) =>
      nextTips(app.database.db, { language: c.var.language, size: input.size, cursor: input.cursor ?? randomInt(1_000_000) }),
    ),
  ];
}
