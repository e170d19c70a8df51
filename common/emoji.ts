/**
 * One emoji as stickers carry it (decisions 0024, 0042): a pack's emoji per sticker and a sticker's own
 * emoji label follow the same rule, which the page checks as it is typed and the server as it stores.
 */

const ONE_EMOJI = /^\p{RGI_Emoji}$/v;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const VARIATION_SELECTOR = /\uFE0F/g;

/**
 * One emoji grapheme as stored (Unicode's recommended form: a text-style "❤" gets its emoji selector,
 * a stray one after an emoji that needs none — "🐈\uFE0F", as the emoji art's index writes some — is
 * dropped), or null when it is not one.
 */
export function singleEmoji(raw: string): string | null {
  const value = raw.trim();
  if ([...graphemes.segment(value)].length !== 1) return null;
  if (ONE_EMOJI.test(value)) return value;
  const bare = value.replace(VARIATION_SELECTOR, "");
  if (ONE_EMOJI.test(bare)) return bare;
  const withSelector = `${bare}\uFE0F`;
  return ONE_EMOJI.test(withSelector) ? withSelector : null;
}
