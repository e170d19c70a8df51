import { z } from "zod";
import { MOTION_PRESETS } from "../motion.ts";
import { pageInput } from "../paging.ts";
import {
  CAPTION_MAX_CHARS,
  CAPTION_POSITIONS,
  EDIT_BASES,
  EDITS_PER_MINUTE,
  OFFSET_MAX,
  OUTLINE_MAX_PX,
  type StickerEdit,
  ZOOM_MAX,
  ZOOM_MIN,
} from "../sticker-edit.ts";
import { LABEL_CHANGES_PER_MINUTE } from "../sticker-labels.ts";
import { VISIBILITY_CHANGES_PER_MINUTE } from "../stickers.ts";
import { declareCall } from "./declare-call.ts";

/** A sticker's or a pack's public id: URL-safe characters. */
export const publicId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const stickerInstId = publicId;

export const visibility = z.enum(["public", "private"]);

/** A sticker in any list (spec §3 "Sticker list item"); the page adds bgColor from its palette. */
export const stickerListItem = z.object({
  stickerInstId: z.string(),
  taskId: z.number().nullable(),
  picId: z.object({ id: z.string() }),
  tags: z.array(z.object({ id: z.number() })),
  name: z.string(),
  prompt: z.string(),
  styleId: z.number().nullable(),
  imageUrl: z.string().describe("The 512 px PNG under /files (immutable)."),
  thumbUrl: z.string().describe("The 256 px WebP under /files (immutable)."),
  width: z.number(),
  height: z.number(),
  favoriteCount: z.number(),
  createdAt: z.string(),
  visibility: visibility.optional().describe("Only in the caller's own list (mySticker), where private ones carry a badge."),
  motion: z
    .object({
      preset: z.enum(MOTION_PRESETS),
      imageUrl: z.string().describe("The 512 px animated WebP under /files (immutable)."),
      thumbUrl: z.string().describe("The 256 px animated WebP under /files (immutable); a 160 px one sits beside it."),
    })
    .nullable()
    .describe("A sticker that moves (decision 0041); its still first frame is imageUrl/thumbUrl. Null for a still sticker."),
});
export type StickerListItem = z.output<typeof stickerListItem>;

export const stickerPage = z.object({ list: z.array(stickerListItem), total: z.number() });
export type StickerPage = z.output<typeof stickerPage>;

/** A sticker's labels as made automatically from what it shows (decision 0042). */
const automaticLabels = z.object({
  emoji: z.array(z.string()).describe("1 to 3 emoji: its mood's, then its subjects'; 🙂 when none names one."),
  keywords: z
    .array(z.string())
    .describe("Its subjects' and mood's names in the viewer's language and in the sticker's, each once, at most 20."),
  altText: z
    .string()
    .describe("A sentence in the viewer's language from its subjects and mood (else its name), at most 125 characters."),
});
export type AutomaticLabels = z.output<typeof automaticLabels>;

/** A sticker's labels as shown and exported: the owner's edits where they made some, else the automatic ones. */
export const stickerLabels = automaticLabels.extend({
  edited: z
    .object({ emoji: z.boolean(), keywords: z.boolean(), altText: z.boolean() })
    .describe("Which of the three its owner chose; the others are automatic."),
});
export type StickerLabels = z.output<typeof stickerLabels>;

/** The detail page's sticker: the list item plus its style and owner facts. */
const colour = z
  .string()
  .regex(/^#[0-9a-f]{6}$/i, "a colour like #ffcc00")
  .transform((value) => value.toLowerCase());

/** An edit's settings as the calls and the preview route check them (decision 0047). */
export const stickerEditInput = z.object({
  /** Null: no caption. The text in any script; the style's font for that script draws it. */
  caption: z
    .object({
      text: z
        .string()
        .transform((text) => text.normalize("NFC").replace(/\s+/gu, " ").trim())
        .pipe(z.string().min(1).max(CAPTION_MAX_CHARS)),
      position: z.enum(CAPTION_POSITIONS),
      color: colour,
    })
    .nullable(),
  outline: z.object({ width: z.number().int().min(0).max(OUTLINE_MAX_PX), color: colour }),
  shadow: z.boolean(),
  zoom: z.number().min(ZOOM_MIN).max(ZOOM_MAX),
  offsetX: z.number().min(-OFFSET_MAX).max(OFFSET_MAX),
  offsetY: z.number().min(-OFFSET_MAX).max(OFFSET_MAX),
  flip: z.boolean(),
});
/** The schema's output is exactly the settings' type (a compile-time check). */
const _sameShape: [StickerEdit, z.output<typeof stickerEditInput>] = [{} as z.output<typeof stickerEditInput>, {} as StickerEdit];
void _sameShape;

const stickerEditor = z.object({
  base: z.enum(EDIT_BASES),
  edit: stickerEditInput,
  original: stickerEditInput,
  edited: z.boolean(),
  originalImageUrl: z.string(),
});
export type StickerEditorAnswer = z.output<typeof stickerEditor>;

const editedSticker = z.object({ imageUrl: z.string(), edited: z.boolean() });

const stickerDetail = stickerListItem.extend({
  style: z.object({ id: z.number(), key: z.string(), name: z.string() }).nullable(),
  visibility,
  mine: z.boolean().describe("True when the viewer made it."),
  locale: z.string(),
  hidden: z.boolean().describe("Hidden by moderation; true only for the owner (anyone else gets NOT_FOUND; decision 0031)."),
  staffView: z
    .boolean()
    .describe(
      "True for staff opening a private or hidden sticker that was reported or hidden (others get NOT_FOUND; decision 0035).",
    ),
  labels: stickerLabels,
  automaticLabels: automaticLabels
    .nullable()
    .describe("For its owner only (null for anyone else): the automatic labels, which each of theirs can go back to."),
  remixedFrom: z
    .object({ stickerInstId: z.string(), name: z.string() })
    .nullable()
    .describe("The sticker this one is a remix of (decision 0046), while the viewer may see it; null otherwise."),
  fromPhoto: z.boolean().describe("Made from a photo: its remix keeps the style only (decision 0046)."),
});
export type StickerDetail = z.output<typeof stickerDetail>;

/** Public browsing of stickers (spec §2 lists and detail, §7) and the owner's visibility switch. */
export const stickerCalls = {
  pageByTag: declareCall({
    method: "GET",
    path: "/api/square/pageByTag",
    summary:
      "One page of a tag's public stickers: popular = tagId 1 (by popularity), latest = tagId 1 with sortBy=id (newest first), explore = tagId 2 (newest first).",
    tag: "stickers",
    access: "public",
    input: z.object({
      ...pageInput,
      tagId: z.coerce.number().int().min(1).max(2_147_483_647),
      sortBy: z.enum(["id", "popular"]).optional(),
    }),
    output: stickerPage,
    etag: true,
  }),

  get: declareCall({
    method: "GET",
    path: "/api/sticker/get",
    summary:
      "One sticker for its detail page; a private or hidden sticker is NOT_FOUND to anyone but its owner, the same answer as an unknown id.",
    tag: "stickers",
    access: "public",
    input: z.object({ stickerInstId }),
    output: stickerDetail,
  }),

  recommendation: declareCall({
    method: "GET",
    path: "/api/sticker/recommendation",
    summary:
      "Public stickers like this one (same style first, then popular) as a plain array, without it, at most 24. A sticker the caller may not see is NOT_FOUND, as an unknown id.",
    tag: "stickers",
    access: "public",
    input: z.object({ stickerInstId }),
    output: z.array(stickerListItem),
  }),

  mine: declareCall({
    method: "GET",
    path: "/api/sticker/page/mySticker",
    summary: "The stickers the caller made, newest first, private ones included (the stickers tab).",
    tag: "stickers",
    access: "user",
    input: z.object(pageInput),
    output: stickerPage,
    etag: true,
  }),

  byPictures: declareCall({
    method: "GET",
    path: "/api/sticker/listByPics",
    summary:
      "The stickers made from the given pictures (picIds: comma-separated picture ids, at most 24), e.g. a task's results; others' private stickers are left out.",
    tag: "stickers",
    access: "public",
    input: z.object({
      picIds: z
        .string()
        .max(24 * 33)
        .transform((value) => value.split(",").filter(Boolean))
        .pipe(
          z
            .array(z.string().regex(/^[a-f0-9]{32}$/))
            .min(1)
            .max(24),
        ),
    }),
    output: z.array(stickerListItem),
  }),

  setVisibility: declareCall({
    method: "POST",
    path: "/api/sticker/setVisibility",
    summary: `The owner makes a sticker public (community lists) or private (only they can open it); ${VISIBILITY_CHANGES_PER_MINUTE} per user per minute. Anyone else's sticker is NOT_FOUND, as an unknown id.`,
    tag: "stickers",
    access: "user",
    input: z.object({ stickerInstId, visibility }),
    output: z.object({ stickerInstId: z.string(), visibility }),
  }),

  setLabels: declareCall({
    method: "POST",
    path: "/api/sticker/setLabels",
    summary: `The owner sets a sticker's emoji (1–3), keywords (0–20, each 1–32 characters) and alt text (1–125 characters); null sends one back to automatic. Answers the labels in the caller's language; ${LABEL_CHANGES_PER_MINUTE} changes per user per minute. Anyone else's sticker is NOT_FOUND, as an unknown id.`,
    tag: "stickers",
    access: "user",
    // Generous bounds for the body's size only: the rules of common/sticker-labels.ts answer with their own codes.
    input: z.object({
      stickerInstId,
      emoji: z.array(z.string().max(64)).max(16).nullable(),
      keywords: z.array(z.string().max(256)).max(64).nullable(),
      altText: z.string().max(1000).nullable(),
    }),
    output: stickerLabels,
  }),

  editor: declareCall({
    method: "GET",
    path: "/api/sticker/editor",
    summary:
      "For the owner's editor (decision 0047): what it starts from (the art without outline and caption, or the whole picture), the settings shown now and those of the original. Anyone else's sticker is NOT_FOUND.",
    tag: "stickers",
    access: "user",
    input: z.object({ stickerInstId }),
    output: stickerEditor,
  }),

  edit: declareCall({
    method: "POST",
    path: "/api/sticker/edit",
    summary: `The owner redraws a sticker with new settings, free: caption (1–${CAPTION_MAX_CHARS} characters, top/middle/bottom, colour) or none, outline 0–${OUTLINE_MAX_PX} px and colour, shadow, zoom ${ZOOM_MIN}–${ZOOM_MAX}, move ±${OFFSET_MAX}, flip. The page, lists, packs and exports show the edit; the original is kept. ${EDITS_PER_MINUTE} edits and previews per user per minute.`,
    tag: "stickers",
    access: "user",
    input: z.object({ stickerInstId, edit: stickerEditInput }),
    output: editedSticker,
  }),

  restoreOriginal: declareCall({
    method: "POST",
    path: "/api/sticker/restoreOriginal",
    summary: "The owner puts back the sticker as it was made; a sticker never edited is answered as it is.",
    tag: "stickers",
    access: "user",
    input: z.object({ stickerInstId }),
    output: editedSticker,
  }),
};
