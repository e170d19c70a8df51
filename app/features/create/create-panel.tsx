import { useEffect, useId, useState } from "react";
import type { PromptItem } from "#common/stickers.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import type { StyleItem } from "../../../server/styles/list-styles.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { requestSignIn } from "../auth/sign-in-request.ts";

export const PROMPT_MAX_LENGTH = 300;

function pickRandom<T>(items: T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/**
 * The home create area (spec §2): a prompt with suggestions (5 on desktop, 2 on phones), the first
 * styles, and Generate. Creating needs an account: signed-out visitors get the sign-in prompt.
 */
export function CreatePanel({
  styles,
  suggestions,
  allPrompts,
}: {
  styles: StyleItem[];
  suggestions: PromptItem[];
  allPrompts: PromptItem[];
}) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState("");
  // Text typed before signing in comes back afterwards (spec §4, INPUT_CONTENT_BEFORE_LOGIN).
  useEffect(() => {
    const kept = localStorage.getItem(STORAGE_KEYS.inputBeforeLogin);
    if (kept) {
      setPrompt(kept);
      localStorage.removeItem(STORAGE_KEYS.inputBeforeLogin);
    }
  }, []);
  const [styleId, setStyleId] = useState<number | null>(styles[0]?.id ?? null);
  const [ideas, setIdeas] = useState(suggestions);
  const ids = { prompt: useId(), styles: useId(), count: useId() };
  const trimmed = prompt.trim();
  return (
    <form
      className="w-full space-y-5 rounded-3xl bg-white p-4 text-start shadow-sm ring-1 ring-stone-200 md:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) return;
        localStorage.setItem(STORAGE_KEYS.inputBeforeLogin, prompt);
        requestSignIn("create");
      }}
    >
      <div className="space-y-2">
        <label htmlFor={ids.prompt} className="font-semibold text-lg">
          {t("create.promptLabel")}
        </label>
        <textarea
          id={ids.prompt}
          value={prompt}
          maxLength={PROMPT_MAX_LENGTH}
          rows={3}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder={t("create.promptPlaceholder")}
          aria-describedby={ids.count}
          className="w-full resize-none rounded-2xl border border-stone-300 p-4 text-base focus-visible:outline-2 focus-visible:outline-primary"
        />
        <p id={ids.count} className="text-end text-stone-500 text-xs">
          {t("create.count", { count: prompt.length, max: PROMPT_MAX_LENGTH })}
        </p>
      </div>
      {ideas.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-stone-600">{t("create.ideas")}</span>
          {ideas.map((idea, index) => (
            <button
              key={idea.id}
              type="button"
              onClick={() => setPrompt(idea.text)}
              className={`${index >= 2 ? "hidden md:inline-flex" : "inline-flex"} h-9 items-center rounded-full bg-primary-light px-3 text-primary-ink text-sm hover:bg-[#dccfc1]`}
            >
              {idea.text}
            </button>
          ))}
          {allPrompts.length > ideas.length ? (
            <button
              type="button"
              onClick={() => setIdeas(pickRandom(allPrompts, 5))}
              className="inline-flex h-9 items-center rounded-full px-3 text-sm text-stone-600 underline-offset-4 hover:underline"
            >
              {t("create.moreIdeas")}
            </button>
          ) : null}
        </div>
      ) : null}
      {styles.length > 0 ? (
        <fieldset>
          <legend id={ids.styles} className="mb-2 font-semibold">
            {t("create.style")}
          </legend>
          <div className="grid grid-cols-4 gap-2 md:grid-cols-8">
            {styles.map((style) => (
              <label
                key={style.id}
                className={`cursor-pointer rounded-xl p-1 text-center text-xs ring-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
                  style.id === styleId ? "bg-primary-light ring-primary" : "ring-transparent hover:bg-stone-100"
                }`}
              >
                <input
                  type="radio"
                  name="style"
                  value={style.id}
                  checked={style.id === styleId}
                  onChange={() => setStyleId(style.id)}
                  className="sr-only"
                />
                {style.previewUrl ? (
                  <img
                    src={style.previewUrl}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    className="mx-auto aspect-square w-full max-w-16"
                  />
                ) : null}
                <span className="mt-1 block truncate">{style.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <button
        type="submit"
        disabled={!trimmed}
        className="h-12 w-full rounded-full bg-primary-dark font-semibold text-lg text-white hover:bg-primary-darker disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t("create.generate")}
      </button>
    </form>
  );
}
