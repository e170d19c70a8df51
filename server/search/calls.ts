import { z } from "zod";
import { pageInput } from "#common/paging.ts";
import type { AppContext } from "../context.ts";
import { defineCall } from "../http/define-call.ts";
import { stickerListItem } from "../stickers/calls.ts";
import { searchStickers } from "./search-stickers.ts";

/** Gallery search (decision 0030). */
export function searchCalls(app: AppContext) {
  const search = defineCall({
    method: "GET",
    path: "/api/search",
    summary:
      "Public stickers matching q in any of the 14 languages (prompt, name, subject tags; stems, accents, typos, CJK), best first then popular; total exact up to 1,000. An empty q answers SEARCH_QUERY_EMPTY, one over 100 characters SEARCH_QUERY_TOO_LONG.",
    tag: "stickers",
    access: "public",
    // Checked by the service (translated SEARCH_* codes), not by the schema's generic INVALID_INPUT.
    input: z.object({ ...pageInput, q: z.string().max(2000).default("") }),
    output: z.object({
      list: z.array(stickerListItem),
      total: z.number(),
      tags: z.array(z.object({ slug: z.string(), name: z.string() })),
    }),
    etag: true,
    handle: ({ input, c }) => searchStickers(app.database.db, { ...input, language: c.var.language }),
  });
  return [search];
}
