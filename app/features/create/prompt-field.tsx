import { type ReactNode, useId } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { PromptItem } from "#common/stickers.ts";
import { PROMPT_MAX_LENGTH } from "#common/tasks.ts";
import type { Mode } from "./create-state.ts";

function pickRandom<T>(items: T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/**
 * The words of a sticker, with their count; Enter makes the sticker and Shift+Enter is a new line.
 * `understood`, beside the count, says what the words will draw (understood-line.tsx).
 */
export function PromptField({
  mode,
  prompt,
  onPrompt,
  onEnter,
  understood,
}: {
  mode: Mode;
  prompt: string;
  onPrompt: (prompt: string) => void;
  onEnter: () => void;
  understood?: ReactNode;
}) {
  const { t } = useTranslation();
  const ids = { prompt: useId(), count: useId() };
  return (
    <div className="space-y-2">
      <label htmlFor={ids.prompt} className="font-semibold text-lg">
        {mode === "text" ? t("create.promptLabel") : t("create.promptLabelOptional")}
      </label>
      <textarea
        id={ids.prompt}
        value={prompt}
        maxLength={PROMPT_MAX_LENGTH}
        rows={mode === "text" ? 3 : 2}
        onChange={(event) => onPrompt(event.target.value)}
        onKeyDown={(event) => {
          // Enter makes the sticker; Shift+Enter is a new line.
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            onEnter();
          }
        }}
        placeholder={mode === "text" ? t("create.promptPlaceholder") : t("create.promptPlaceholderImage")}
        aria-describedby={ids.count}
        className="w-full resize-none rounded-2xl border border-stone-300 p-4 text-base focus-visible:outline-2 focus-visible:outline-primary"
      />
      <div className="flex items-start gap-3">
        {understood}
        <p id={ids.count} className="ms-auto shrink-0 text-end text-stone-500 text-xs">
          {t("create.count", { count: prompt.length, max: PROMPT_MAX_LENGTH })}
        </p>
      </div>
    </div>
  );
}

/** Prompt suggestions (2 on phones, 5 from 768 px) and "More ideas", which draws 5 others. */
export function PromptIdeas({
  ideas,
  allPrompts,
  onPick,
  onIdeas,
}: {
  ideas: PromptItem[];
  allPrompts: PromptItem[];
  onPick: (text: string) => void;
  onIdeas: (ideas: PromptItem[]) => void;
}) {
  const { t } = useTranslation();
  if (ideas.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-stone-600">{t("create.ideas")}</span>
      {ideas.map((idea, index) => (
        <button
          key={idea.id}
          type="button"
          onClick={() => onPick(idea.text)}
          className={`${index >= 2 ? "hidden md:inline-flex" : "inline-flex"} h-9 items-center rounded-full bg-primary-light px-3 text-primary-ink text-sm hover:bg-[#dccfc1]`}
        >
          {idea.text}
        </button>
      ))}
      {allPrompts.length > ideas.length ? (
        <button
          type="button"
          onClick={() => onIdeas(pickRandom(allPrompts, 5))}
          className="inline-flex h-9 items-center rounded-full px-3 text-sm text-stone-600 underline-offset-4 hover:underline"
        >
          {t("create.moreIdeas")}
        </button>
      ) : null}
    </div>
  );
}
