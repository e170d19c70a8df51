import { styleCalls as declared } from "#common/api/gallery.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { listStyles } from "./list-styles.ts";

export function styleCalls(app: AppContext) {
  return [implementCall(declared.page, ({ input, c }) => listStyles(app.database.db, { ...input, language: c.var.language }))];
}
