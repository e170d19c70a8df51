import { promptCalls as declared } from "#common/api/gallery.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { listPrompts, randomPrompts } from "./list-prompts.ts";

/** Prompt suggestions in the caller's language (spec §2 home preload, §3 "a full list plus a random subset"). */
export function promptCalls(app: AppContext) {
  return [
    implementCall(declared.list, ({ c }) => listPrompts(app.database.db, c.var.language)),
    implementCall(declared.random, ({ input, c }) => randomPrompts(app.database.db, c.var.language, input.size)),
  ];
}
