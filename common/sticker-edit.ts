/**
 * Editing a sticker after it is made (decision 0047): what the owner may change, within which bounds.
 * The server re-draws the sticker from its stored art with these settings; the original stays and can be
 * restored. Shared by the editor on the page and the calls that preview and save; the zod schema that
 * checks them is with the calls (common/api/stickers.ts), so the editor's page code carries no zod.
 */

/** The outline around the sticker, in pixels of its 512 px picture. */
export const OUTLINE_MAX_PX = 16;
export const CAPTION_MAX_CHARS = 40;
/** Previews and saves one user may ask for per minute: a preview follows a slider, a few a second. */
export const EDITS_PER_MINUTE = 240;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 2;
/** How far the art may be moved, as a share of the picture's side. */
export const OFFSET_MAX = 0.4;
/** How long a picture an edit replaced is still served to everyone: pages opened before the change show it. */
export const REPLACED_PICTURE_GRACE_MS = 60 * 60_000;

export const CAPTION_POSITIONS = ["top", "middle", "bottom"] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];

/** The settings an edit draws with; checked by `stickerEditInput` (common/api/stickers.ts). */
export interface StickerEdit {
  /** Null: no caption. The text in any script; the style's font for that script draws it. */
  caption: { text: string; position: CaptionPosition; color: string } | null;
  outline: { width: number; color: string };
  shadow: boolean;
  zoom: number;
  offsetX: number;
  offsetY: number;
  flip: boolean;
}

/**
 * What the editor starts from: "art", the drawing as the generator made it before its outline and
 * caption (every setting applies); "whole", the finished picture (hosted stickers and ones made before
 * editing existed): its own outline and caption stay, the outline set here goes around it and a caption
 * is added over it.
 */
export const EDIT_BASES = ["art", "whole"] as const;
export type EditBase = (typeof EDIT_BASES)[number];

/** The settings that leave a "whole" picture as it is. */
export const UNCHANGED_WHOLE: StickerEdit = {
  caption: null,
  outline: { width: 0, color: "#ffffff" },
  shadow: false,
  zoom: 1,
  offsetX: 0,
  offsetY: 0,
  flip: false,
};

/** The same settings in a URL (the preview's address): compact JSON, base64url. */
export function encodeEdit(edit: StickerEdit): string {
  const bytes = new TextEncoder().encode(JSON.stringify(edit));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeEdit(text: string): unknown {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}
