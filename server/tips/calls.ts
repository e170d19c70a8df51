import { randomInt } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { defineCall } from "../http/define-call.ts";
import { nextTips } from "./next-tips.ts";

/** Tips shown while a sticker is made (spec §7 /api/v2/aitask/generateRandomTip). */
export function tipCalls(app: AppContext) {
  const randomTip = defineCall({
    method: "GET",
    path: "/api/v2/aitask/generateRandomTip",
    summary:
      "N unique tips in the caller's language, in rotation: pass the answer's cursor back to continue; without a cursor the rotation starts at a random tip.",
    tag: "tips",
    access: "public",
    input: z.object({
      size: z.coerce.number().int().min(1).max(20).default(3),
      cursor: z.coerce.number().int().min(0).max(1_000_000).optional(),
    }),
    output: z.object({ list: z.array(z.object({ id: z.number(), text: z.string() })), cursor: z.number() }),
    handle: ({ input, c }) =>
      nextTips(app.database.db, { language: c.var.language, size: input.size, cursor: input.cursor ?? randomInt(1_000_000) }),
  });
  return [randomTip];
}
