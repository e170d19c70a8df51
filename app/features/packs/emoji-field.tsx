import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { PACK_EMOJI_MAX, PACK_EMOJI_MIN } from "#common/packs.ts";
import { emojiOf } from "./pack-path.ts";

/**
 * A sticker's emoji in the pack (1 to 3): the current ones as chips, each with a remove button while
 * more than one is left, and a field that takes typed or pasted emoji (letters are ignored).
 */
export function EmojiField({
  emoji,
  stickerName,
  onChange,
}: {
  emoji: string[];
  stickerName: string;
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const hintId = useId();
  const full = emoji.length >= PACK_EMOJI_MAX;

  function take(value: string) {
    const found = emojiOf(value).filter((one) => !emoji.includes(one));
    if (found.length === 0) {
      setText(value);
      return;
    }
    setText("");
    onChange([...emoji, ...found].slice(0, PACK_EMOJI_MAX));
  }

  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t("packs.emoji.legend", { name: stickerName })}</legend>
      <ul className="flex flex-wrap items-center gap-1" aria-label={t("packs.emoji.current")}>
        {emoji.map((one) => (
          <li key={one} className="inline-flex h-8 items-center rounded-full bg-stone-100 ps-2 text-lg ring-1 ring-stone-200">
            <span>{one}</span>
            <button
              type="button"
              disabled={emoji.length <= PACK_EMOJI_MIN}
              onClick={() => onChange(emoji.filter((other) => other !== one))}
              aria-label={t("packs.emoji.remove", { emoji: one })}
              className="grid size-8 place-items-center rounded-full text-sm text-stone-500 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-primary disabled:invisible"
            >
              ×
            </button>
          </li>
        ))}
        {full ? null : (
          <li>
            <input
              value={text}
              onChange={(event) => take(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  take(text);
                }
              }}
              aria-label={t("packs.emoji.add", { name: stickerName })}
              aria-describedby={hintId}
              placeholder="+"
              inputMode="text"
              className="h-8 w-14 rounded-full border border-stone-300 px-2 text-center text-lg focus-visible:outline-2 focus-visible:outline-primary"
            />
          </li>
        )}
      </ul>
      <p id={hintId} className="sr-only">
        {t("packs.emoji.hint")}
      </p>
    </fieldset>
  );
}
