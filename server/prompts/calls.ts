import { z } from "zod";
import type { AppContext } from "../context.ts";
import { defineCall } from "../http/define-call.ts";
import { listPrompts, randomPrompts } from "./list-prompts.ts";

const promptItem = z.object({ id: z.number(), text: z.string() });

/** Prompt suggestions in the caller's language (spec §2 home preload, §3 "a full list plus a random subset"). */
export function promptCalls(app: AppContext) {
  const list = defineCall({
    method: "GET",
    path: "/api/prompt/list",
    summary: "All prompt suggestions in the caller's language (Accept-Language), in display order.",
    tag: "prompts",
    access: "public",
    input: z.object({}),
    output: z.array(promptItem),
    handle: ({ c }) => listPrompts(app.database.db, c.var.language),
  });

  const random = defineCall({
    method: "GET",
    path: "/api/prompt/random",
    summary: "A random selection of prompt suggestions in the caller's language (size 1–20, default 5).",
    tag: "prompts",
    access: "public",
    input: z.object({ size: z.coerce.number().int().min(1).max(20).default(5) }),
    output: z.array(promptItem),
    handle: ({ input, c }) => randomPrompts(app.database.db, c.var.language, input.size),
  });

  return [list, random];
}
