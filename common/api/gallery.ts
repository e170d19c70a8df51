import { z } from "zod";
import { pageInput } from "../paging.ts";
import { declareCall } from "./declare-call.ts";
import { stickerPage } from "./stickers.ts";

/** A subject tag as a page shows it: its URL slug and its name in the viewer's language. */
const subjectTag = z.object({ slug: z.string(), name: z.string() });
export type SubjectTag = z.output<typeof subjectTag>;

const searchPage = stickerPage.extend({
  tags: z.array(subjectTag).describe("The subject tags the query named (in any language), best first: links to their tag pages."),
});
export type SearchPage = z.output<typeof searchPage>;

/** Gallery search (decision 0030). */
export const searchCalls = {
  stickers: declareCall({
    method: "GET",
    path: "/api/search",
    summary:
      "Public stickers matching q in any of the 14 languages (prompt, name, subject tags; stems, accents, typos, CJK), best first then popular; total exact up to 1,000. An empty q answers SEARCH_QUERY_EMPTY, one over 100 characters SEARCH_QUERY_TOO_LONG.",
    tag: "stickers",
    access: "public",
    // Checked by the service (translated SEARCH_* codes), not by the schema's generic INVALID_INPUT.
    input: z.object({ ...pageInput, q: z.string().max(2000).default("") }),
    output: searchPage,
    etag: true,
  }),
};

/** A style as the create panel lists it (spec §7 GET /api/style/page). */
const styleItem = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string().describe("The style's name in the caller's language (English when a name is missing)."),
  previewUrl: z.string().nullable().describe("The preview image's path under /files, or null before one is made."),
});
export type StyleItem = z.output<typeof styleItem>;

export const styleCalls = {
  page: declareCall({
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
  }),
};

const tipPage = z.object({
  list: z.array(z.object({ id: z.number(), text: z.string() })),
  cursor: z.number().describe("Pass back to get the next tips in rotation."),
});
export type TipPage = z.output<typeof tipPage>;

/** Tips shown while a sticker is made (spec §7 /api/v2/aitask/generateRandomTip). */
export const tipCalls = {
  next: declareCall({
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
    output: tipPage,
  }),
};

const promptItem = z.object({ id: z.number(), text: z.string() });
export type PromptItem = z.output<typeof promptItem>;

/** Prompt suggestions in the caller's language (spec §2 home preload, §3 "a full list plus a random subset"). */
export const promptCalls = {
  list: declareCall({
    method: "GET",
    path: "/api/prompt/list",
    summary: "All prompt suggestions in the caller's language (Accept-Language), in display order.",
    tag: "prompts",
    access: "public",
    input: z.object({}),
    output: z.array(promptItem),
  }),

  random: declareCall({
    method: "GET",
    path: "/api/prompt/random",
    summary: "A random selection of prompt suggestions in the caller's language (size 1–20, default 5).",
    tag: "prompts",
    access: "public",
    input: z.object({ size: z.coerce.number().int().min(1).max(20).default(5) }),
    output: z.array(promptItem),
  }),
};

const recorded = z.object({ recorded: z.boolean() });

/** Analytics and error reports from the pages (app/features/errors/README.md). */
export const telemetryCalls = {
  event: declareCall({
    method: "POST",
    path: "/api/event",
    summary: "Records an analytics event (the page swallows any error of this call).",
    tag: "telemetry",
    access: "public",
    input: z.object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[a-z0-9_.:-]+$/i),
      path: z.string().max(512).optional(),
      clientId: z.string().max(64).optional(),
      props: z.record(z.string().max(64), z.unknown()).optional(),
    }),
    output: recorded,
  }),

  clientError: declareCall({
    method: "POST",
    path: "/api/clientError",
    summary: "Stores a page error or unhandled rejection and forwards it to the error service when configured.",
    tag: "telemetry",
    access: "public",
    input: z.object({
      kind: z.enum(["error", "unhandledrejection", "boundary"]),
      message: z.string().trim().min(1).max(2000),
      stack: z.string().max(8000).optional(),
      url: z.string().max(2000).optional(),
      release: z.string().max(64).optional(),
    }),
    output: recorded,
  }),
};
