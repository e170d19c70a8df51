/**
 * Text → sticker without a model: retrieve emoji art for the prompt's subjects, compose them by the
 * prompt's small words, add a caption, then give it the style's look and a die-cut border
 * (docs/generator.md, "Text → sticker"; docs/decisions/0100-offline-generator.md).
 */
import { artStore } from "./art/art-store.ts";
import { planWithMood } from "./mood-art.ts";
import { parsePrompt } from "./prompt/parse-prompt.ts";
import { quotedCaption, undrawnWords } from "./prompt/undrawn.ts";
import type { GeneratedSticker, TextStickerRequest } from "./provider.ts";
import { GenerationError } from "./provider.ts";
import { captionDirectionOf, renderCaption } from "./render/caption.ts";
import { editableArt, finishSticker, treatedArt } from "./render/finish.ts";
import { CANVAS, layoutSticker } from "./render/layout.ts";
import { drawOver, type Raster } from "./render/pixels.ts";
import { renderScene, sceneSvg } from "./render/scene.ts";
import { styleOf } from "./styles.ts";

export async function createTextSticker(req: TextStickerRequest): Promise<GeneratedSticker> {
  const style = styleOf(req.style);
  if (!style) throw new GenerationError("UNKNOWN_STYLE", `Unknown sticker style "${req.style}".`);
  const prompt = req.prompt.trim();
  // An empty prompt is the caller's mistake, not an unmatched one: refuse it rather than draw nothing.
  if (!prompt) throw new GenerationError("EMPTY_PROMPT", "The prompt is empty.");

  const parsed = parsePrompt(prompt, req.locale);
  // A mood's sticker writes a subject it cannot draw beside the mood's name, unless the prompt quotes its
  // own caption (decision 0052).
  const undrawn = req.mood && !quotedCaption(prompt) ? undrawnWords(prompt, parsed, req.locale) : null;
  const plan = req.mood ? planWithMood(parsed, req.mood, req.locale, undrawn) : parsed;
  const extras = plan.subjects.length > 0 ? (style.decorations ?? []) : [];
  const layout = layoutSticker(plan, extras);
  const art = renderScene(sceneSvg(layout.icons, style, artStore()), style.resolution);

  const captionText = plan.caption ?? (plan.subjects.length === 0 ? prompt : null);
  /** The caption on a canvas of its own, where it is drawn over art: the sticker's layers (decision 0041). */
  let captionLayer: Raster | null = null;
  const bare = plan.subjects.length > 0 ? { ...art, data: Buffer.from(art.data) } : null;
  if (captionText && layout.caption) {
    const k = style.resolution / CANVAS;
    const box = layout.caption;
    const scaled = { x: box.x * k, y: box.y * k, w: box.w * k, h: box.h * k };
    const caption = await renderCaption(captionText, style.font, style.caption, scaled);
    if (caption) {
      const x = Math.round(scaled.x + (scaled.w - caption.width) / 2);
      const y = Math.round(scaled.y + (scaled.h - caption.height) / 2);
      drawOver(art, caption, x, y);
      if (bare) {
        captionLayer = { width: art.width, height: art.height, data: Buffer.alloc(art.data.length) };
        drawOver(captionLayer, caption, x, y);
      }
    }
  }

  const png = await finishSticker(art, style);
  // Treated once: the subject layer and the editor's art are the same art.
  const treatedBare = bare ? await treatedArt(bare, style) : null;
  const layers =
    treatedBare && captionLayer && captionText
      ? {
          subject: await finishSticker(treatedBare, style, { treat: false }),
          caption: await finishSticker(captionLayer, style),
          captionDirection: captionDirectionOf(captionText),
        }
      : undefined;
  const subject = plan.subjects[0]?.slug ?? "caption";
  const editable = treatedBare ? { art: await editableArt(treatedBare), captionText } : undefined;
  return {
    png,
    subject,
    layers,
    editable,
    detail: {
      style: style.key,
      mood: req.mood ?? null,
      subjects: plan.subjects,
      decorations: plan.decorations.map((d) => d.slug),
      caption: captionText,
      matched: plan.matched,
    },
  };
}
