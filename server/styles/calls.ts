import { z } from "zod";
import { pageInput } from "#common/paging.ts";
import type { AppContext } from "../context.ts";
import { defineCall } from "../http/define-call.ts";
import { listStyles } from "./list-styles.ts";

const styleItem = z.object({ id: z.number(), key: z.string(), name: z.string(), previewUrl: z.string().nullable() });

export function styleCalls(app: AppContext) {
  const page = defineCall({
    method: "GET",
    path: "/api/style/page",
    summary: "One page of sticker styles with names in the caller's language (home preloads page 1, size 1000, type 1).",
    tag: "styles",
    access: "public",
    input: z.object({
      ...pageInput,
      size: z.coerce.number().int().min(1).max(1000).default(1000),
      type: z.coerce.number().int().min(1).default(1),
    }),
    output: z.object({ list: z.array(styleItem), total: z.number() }),
    handle: ({ input, c }) => listStyles(app.database.db, { ...input, language: c.var.language }),
  });
  return [page];
}
