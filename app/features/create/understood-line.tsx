import { useEffect, useState } from "react";
import { isolate, useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import type { PromptUnderstood } from "#common/tasks.ts";

/** A pause in typing this long asks what the prompt will draw (decision 0052). */
export const UNDERSTAND_DELAY_MS = 300;

/** The sentence for a reading, in the page's language; null when there is nothing to say. */
function sentenceOf(reading: PromptUnderstood, language: string, t: ReturnType<typeof useTranslation>["t"]): string | null {
  const words = reading.undrawn === null ? "" : isolate(reading.undrawn);
  if (reading.undrawn !== null && reading.captioned) return t("understood.caption", { words });
  if (reading.subjects.length === 0) return null;
  const subjects = new Intl.ListFormat(language, { type: "conjunction" }).format(
    reading.subjects.map((subject) => isolate(`${subject.emoji} ${subject.name}`.trim())),
  );
  return reading.undrawn === null ? t("understood.draw", { subjects }) : t("understood.drawButNot", { subjects, words });
}

/**
 * "We'll draw: 🐱 cat and ☕ coffee", or that a word cannot be drawn and will be written, under the
 * prompt as the user types, before anything is paid (decision 0052). Asked after a pause in typing,
 * only for a non-empty prompt; a failed call shows nothing and changes nothing else. Read out politely
 * by screen readers; its two lines of room are kept whatever it says, so nothing below it moves.
 */
export function UnderstoodLine({ prompt, pack }: { prompt: string; pack: boolean }) {
  const { t, i18n } = useTranslation();
  const [reading, setReading] = useState<PromptUnderstood | null>(null);
  const words = prompt.trim();

  useEffect(() => {
    if (!words) {
      setReading(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api.task
        .understand({ prompt: words, pack })
        .then((answer) => {
          if (current) setReading(answer);
        })
        .catch(() => {
          if (current) setReading(null);
        });
    }, UNDERSTAND_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [words, pack]);

  const sentence = words && reading ? sentenceOf(reading, i18n.language, t) : null;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="understood"
      className="line-clamp-2 min-h-10 min-w-0 flex-1 text-sm text-stone-600"
    >
      {sentence}
    </p>
  );
}
