/**
 * A pack made in one go draws the same subject once per mood (decision 0026; docs/generator.md, "Moods of one subject"):
 * a face of the subject's own kind shows the mood (a cat's faces, a smiley's faces), anything else gets
 * the mood's emblem beside it; the mood's decorations sit around it and its name in the asker's language
 * is the caption. So 8 moods give 8 different stickers that read as one set. A subject nothing can be
 * drawn for is written instead: its words beside the mood's name, under the mood's face (decision 0052).
 */
import { translate } from "#common/i18n/catalogs.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "#common/languages.ts";
import type { MoodId } from "#common/packs.ts";
import { artStore } from "./art/art-store.ts";
import type { Decoration } from "./prompt/moods.ts";
import { MOOD_DECORATIONS } from "./prompt/moods.ts";
import type { StickerPlan } from "./prompt/parse-prompt.ts";
import { isSmiley } from "./prompt/undrawn.ts";
import { renderCaption } from "./render/caption.ts";
import { CANVAS } from "./render/layout.ts";
import type { Raster } from "./render/pixels.ts";
import { drawOver } from "./render/pixels.ts";
import { renderScene, sceneSvg } from "./render/scene.ts";
import type { StyleSpec } from "./styles.ts";

interface MoodArt {
  /** The mood's emoji as art: the emblem beside a subject, or the face that replaces a smiley. */
  emblem: string;
  /** The same mood on a cat's face, when the art has one. */
  cat: string | null;
  /** Decorations around the subject, from the mood table the prompts use (prompt/moods.ts). */
  decorations: string;
}

export const MOOD_ART: Record<MoodId, MoodArt> = {
  happy: { emblem: "smiling-face-with-smiling-eyes", cat: "grinning-cat-with-smiling-eyes", decorations: "grinning-face" },
  sad: { emblem: "crying-face", cat: "crying-cat", decorations: "crying-face" },
  love: { emblem: "smiling-face-with-heart-eyes", cat: "smiling-cat-with-heart-eyes", decorations: "red-heart" },
  laughing: { emblem: "face-with-tears-of-joy", cat: "cat-with-tears-of-joy", decorations: "face-with-tears-of-joy" },
  angry: { emblem: "angry-face", cat: "pouting-cat", decorations: "angry-face" },
  sleeping: { emblem: "sleeping-face", cat: null, decorations: "sleeping-face" },
  surprised: { emblem: "face-with-open-mouth", cat: "weary-cat", decorations: "astonished-face" },
  thumbs_up: { emblem: "thumbs-up", cat: null, decorations: "" },
  cool: { emblem: "smiling-face-with-sunglasses", cat: null, decorations: "smiling-face-with-sunglasses" },
  thinking: { emblem: "thinking-face", cat: null, decorations: "thinking-face" },
  party: { emblem: "partying-face", cat: null, decorations: "partying-face" },
  hello: { emblem: "waving-hand", cat: null, decorations: "" },
};

/** Cat subjects whose face can change with the mood. */
const CAT_FACES = new Set([
  "cat-face",
  "cat",
  "grinning-cat",
  "grinning-cat-with-smiling-eyes",
  "smiling-cat-with-heart-eyes",
  "cat-with-wry-smile",
  "kissing-cat",
  "weary-cat",
  "crying-cat",
  "pouting-cat",
  "cat-with-tears-of-joy",
]);

const FACE_EMBLEMS = new Set(Object.values(MOOD_ART).map((art) => art.emblem));
FACE_EMBLEMS.delete("thumbs-up");
FACE_EMBLEMS.delete("waving-hand");

/** The mood's name in the asker's language: the caption, and part of the sticker's name. */
export function moodName(mood: MoodId, locale: string | undefined): string {
  return translate(locale && isLanguage(locale) ? locale : DEFAULT_LANGUAGE, `moods.${mood}`);
}

/** The caption of a mood's sticker whose subject is written, not drawn: "axolotl — happy" (decision 0052). */
export function undrawnCaption(words: string, mood: MoodId, locale: string | undefined): string {
  return `${words} — ${moodName(mood, locale)}`;
}

/**
 * The prompt's plan redrawn for one mood: the main subject's face when it has the mood's face, else the
 * emblem beside it (or alone, for a caption-only prompt); the mood's decorations replace the prompt's;
 * the prompt's own quoted caption stays, else the mood's name is the caption. `undrawn`, the subject's
 * words when nothing could be drawn for them (prompt/undrawn.ts), makes the sticker the mood's face
 * with those words and the mood's name as its caption, never a bare face (decision 0052).
 */
export function planWithMood(
  plan: StickerPlan,
  mood: MoodId,
  locale: string | undefined,
  undrawn: string | null = null,
): StickerPlan {
  const art = MOOD_ART[mood];
  const decorations: Decoration[] = art.decorations ? [...(MOOD_DECORATIONS.get(art.decorations) ?? [])] : [];
  if (undrawn) {
    return {
      ...plan,
      subjects: [{ slug: art.emblem, relation: "main" }],
      decorations,
      caption: undrawnCaption(undrawn, mood, locale),
    };
  }
  const caption = plan.caption ?? moodName(mood, locale);
  const [main, ...others] = plan.subjects;
  if (!main) {
    // A caption-only prompt: its words stay the caption (the mood's name when it had none) under the emblem.
    return { ...plan, subjects: [{ slug: art.emblem, relation: "main" }], decorations, caption };
  }
  if (art.cat && CAT_FACES.has(main.slug)) {
    return { ...plan, subjects: [{ ...main, slug: art.cat }, ...others], decorations, caption };
  }
  if (FACE_EMBLEMS.has(art.emblem) && isSmiley(main.slug)) {
    return { ...plan, subjects: [{ ...main, slug: art.emblem }, ...others], decorations, caption };
  }
  // Beside the subject: held (bottom-right) when it is alone, else the third place (bottom-left).
  const emblem = { slug: art.emblem, relation: "held" } as const;
  const beside = others.filter((o) => o.relation !== "worn");
  const worn = others.filter((o) => o.relation === "worn");
  const subjects = [main, ...beside.slice(0, 1), emblem, ...worn];
  return { ...plan, subjects, decorations, caption };
}

/**
 * A cut-out or framed photo at the style's resolution, redrawn for one mood: shrunk into the upper
 * area, the mood's emblem at its bottom right and the mood's name as the caption below. Also in parts
 * (decision 0041): `bare` is the photo with its emblem, `caption` the mood's name alone on a canvas of
 * the same size (null when none could be drawn).
 */
export async function photoWithMoodLayers(
  art: Raster,
  style: StyleSpec,
  mood: MoodId,
  locale: string | undefined,
  shrink: (art: Raster, size: number) => Promise<Raster>,
): Promise<{ art: Raster; bare: Raster; caption: Raster | null; captionText: string }> {
  const k = style.resolution / CANVAS;
  const area = { x: 70, y: 24, w: 372, h: 340 };
  const side = Math.round(Math.min(area.w, area.h) * k);
  const small = await shrink(art, side);
  const out: Raster = {
    data: Buffer.alloc(style.resolution * style.resolution * 4),
    width: style.resolution,
    height: style.resolution,
  };
  drawOver(out, small, Math.round((area.x + (area.w - area.h) / 2) * k), Math.round(area.y * k));
  const emblemSize = 150;
  const icons = [
    {
      slug: MOOD_ART[mood].emblem,
      x: area.x + area.w - emblemSize * 0.7,
      y: area.y + area.h - emblemSize * 0.95,
      size: emblemSize,
      outlined: true,
    },
  ];
  drawOver(out, renderScene(sceneSvg(icons, style, artStore()), style.resolution), 0, 0);
  const bare: Raster = { ...out, data: Buffer.from(out.data) };
  const box = { x: 34 * k, y: 370 * k, w: 444 * k, h: 108 * k };
  const captionText = moodName(mood, locale);
  const caption = await renderCaption(captionText, style.font, style.caption, box);
  if (!caption) return { art: out, bare, caption: null, captionText };
  const x = Math.round(box.x + (box.w - caption.width) / 2);
  const y = Math.round(box.y + (box.h - caption.height) / 2);
  drawOver(out, caption, x, y);
  const alone: Raster = { width: out.width, height: out.height, data: Buffer.alloc(out.data.length) };
  drawOver(alone, caption, x, y);
  return { art: out, bare, caption: alone, captionText };
}
