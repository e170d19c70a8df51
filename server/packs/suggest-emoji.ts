import { artEmojiBySlug, parsePrompt } from "../generation/index.ts";
import { singleEmoji } from "./pack-rules.ts";

/** The emoji a sticker gets when nothing in its words names one. */
export const FALLBACK_PACK_EMOJI = "⭐";

/**
 * The emoji suggested for a sticker added to a pack: the main subject the offline generator's lexicon
 * reads in its prompt (else its name), in the sticker's language; "⭐" when no word names an emoji
 * (docs/decisions/0024-sticker-packs.md). The owner can change it with setEmoji.
 */
export function suggestEmoji(sticker: { prompt: string; name: string; locale: string }): string {
  for (const text of [sticker.prompt, sticker.name]) {
    if (!text.trim()) continue;
    const slug = parsePrompt(text, sticker.locale).subjects[0]?.slug;
    const emoji = slug ? artEmojiBySlug().get(slug)?.emoji : undefined;
    const single = emoji ? singleEmoji(emoji) : null;
    if (single) return single;
  }
  return FALLBACK_PACK_EMOJI;
}
