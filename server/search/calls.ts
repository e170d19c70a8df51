import { searchCalls as declared } from "#common/api/gallery.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { searchStickers } from "./search-stickers.ts";

/** Gallery search (decision 0030). */
export function searchCalls(app: AppContext) {
  return [
    implementCall(declared.stickers, ({ input, c }) => searchStickers(app.database.db, { ...input, language: c.var.language })),
  ];
}
