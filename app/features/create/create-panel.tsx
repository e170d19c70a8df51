import { lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { ApiError } from "#app/lib/api/client.ts";
import { toastError } from "#app/lib/toast.ts";
import type { PromptItem } from "#common/stickers.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import type { StyleItem } from "#common/styles.ts";
import { PROMPT_MAX_LENGTH, type TodayGenDetail, type Visibility } from "#common/tasks.ts";
import { requestSignIn } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";
import type { MoodChoice } from "../packs/make/mood-chooser.tsx";
import { requestPoints } from "../pricing/recharge-channel.ts";
import { fetchTodayGenDetail, submitCreate } from "./create-requests.ts";
import { rememberedTask, rememberTask } from "./current-task.ts";
import { StylePicker } from "./style-picker.tsx";
import { TaskProgress } from "./task-progress.tsx";
import { clearTryIt, readTryIt } from "./try-it.ts";

function pickRandom<T>(items: T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

export interface CreateCosts {
  text: number;
  image: number;
}

type Mode = "text" | "image";
/** A picture's upload: the share sent, or null while looking for its task or pack after a failure (decision 0029). */
type Upload = number | null;
/** One sticker, or a pack of moods: the same subject once per chosen mood (decision 0026). */
type Kind = "one" | "pack";
// A pack of moods is a second mode of the panel: its parts load when it is chosen (first-load budget).
const MoodChooser = lazy(() => import("../packs/make/mood-chooser.tsx").then((module) => ({ default: module.MoodChooser })));
// The picture picker shows only once "A picture" is chosen: its code loads then (first-load budget).
const ImagePicker = lazy(() => import("./image-picker.tsx").then((module) => ({ default: module.ImagePicker })));
const PackProgress = lazy(() => import("../packs/make/pack-progress.tsx").then((module) => ({ default: module.PackProgress })));

/**
 * The home create area (spec §2): a prompt with suggestions (5 on desktop, 2 on phones) or a picture,
 * a style (the first 8, "more" for all), public or private, the cost, and Generate; then the task's
 * progress and result in place. Signed-out visitors keep their text through the sign-in prompt.
 */
export function CreatePanel({
  styles,
  firstStyleCount,
  suggestions,
  allPrompts,
  costs,
}: {
  styles: StyleItem[];
  firstStyleCount: number;
  suggestions: PromptItem[];
  allPrompts: PromptItem[];
  costs: CreateCosts;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>("text");
  const [kind, setKind] = useState<Kind>("one");
  // Set by the mood chooser when it first shows (its default moods), then by each choice.
  const [moodChoice, setMoodChoice] = useState<MoodChoice | null>(null);
  const moods = moodChoice?.moods ?? [];
  const [packId, setPackId] = useState<string | null>(null);
  const [prompt, setPrompt] = useState("");
  const [picture, setPicture] = useState<File | null>(null);
  const [styleId, setStyleId] = useState<number | null>(styles[0]?.id ?? null);
  // Words start public; a photo may show a face, so a picture starts private until the owner shares it.
  const [visibilityOf, setVisibilityOf] = useState<Record<Mode, Visibility>>({ text: "public", image: "private" });
  const [ideas, setIdeas] = useState(suggestions);
  const [busy, setBusy] = useState(false);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [upload, setUpload] = useState<Upload | undefined>();
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [today, setToday] = useState<TodayGenDetail | null>(null);
  const ids = { prompt: useId(), count: useId(), cost: useId() };

  // Text typed before signing in (INPUT_CONTENT_BEFORE_LOGIN), a "Try it" (try_it_data_key, styleId
  // query) and a task being followed before a reload all come back here (spec §4, §9).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on arrival
  useEffect(() => {
    const kept = localStorage.getItem(STORAGE_KEYS.inputBeforeLogin);
    if (kept) {
      setPrompt(kept);
      localStorage.removeItem(STORAGE_KEYS.inputBeforeLogin);
    }
    const tryIt = readTryIt();
    if (tryIt) setPrompt(tryIt.prompt);
    const wanted = Number(searchParams.get("styleId") ?? tryIt?.styleId ?? Number.NaN);
    if (styles.some((style) => style.id === wanted)) setStyleId(wanted);
    setTaskId(rememberedTask());
  }, []);

  const signedIn = user !== null;
  const balance = user?.point;
  // Asked again when the balance changes or a task starts or ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: balance and taskId are refetch triggers
  useEffect(() => {
    if (!signedIn) {
      setToday(null);
      return;
    }
    fetchTodayGenDetail()
      .then(setToday)
      .catch(() => setToday(null));
  }, [signedIn, balance, taskId]);

  const reset = useCallback((keepPrompt: boolean) => {
    rememberTask(null);
    setTaskId(null);
    if (!keepPrompt) {
      setPrompt("");
      setPicture(null);
    }
  }, []);

  const resetPack = useCallback(() => setPackId(null), []);

  const trimmed = prompt.trim();
  const ready = (mode === "text" ? trimmed.length > 0 : picture !== null) && (kind === "one" || moodChoice?.enough === true);
  const count = kind === "pack" ? moods.length : 1;
  const member = today?.member ?? (user ? user.subscribePlan !== "" : false);
  const cost = mode === "text" ? costs.text : costs.image;
  const visibility = visibilityOf[mode];

  async function generate() {
    if (!ready || busy) return;
    if (!user) {
      localStorage.setItem(STORAGE_KEYS.inputBeforeLogin, prompt);
      requestSignIn("create");
      return;
    }
    setBusy(true);
    const sending = mode === "image" ? picture : null;
    setUploadProblem(null);
    if (kind === "pack") {
      try {
        let made: string | null;
        if (sending) {
          // A photo's pack uploads as a single sticker's photo does: progress, upload id, lost answers found.
          setUpload(0);
          const { makePhotoPack } = await import("../packs/make/upload-photo-pack.ts");
          made = await makePhotoPack({ prompt, styleId, moods, visibility, picture: sending }, setUpload);
        } else {
          const { makePackFromWords } = await import("../packs/make/make-requests.ts");
          made = (await makePackFromWords({ prompt, styleId, moods, visibility })).pack.packId;
        }
        if (made === null) setUploadProblem("packs.make.notStarted");
        else {
          clearTryIt();
          setPackId(made);
          void revalidator.revalidate();
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === "NOT_ENOUGH_POINTS") requestPoints({ needed: cost * count });
        else toastError(error, t);
      } finally {
        setUpload(undefined);
        setBusy(false);
      }
      return;
    }
    try {
      let id: number | null;
      if (sending) {
        setUpload(0);
        const { submitPictureTask } = await import("./upload-picture.ts");
        id = await submitPictureTask({ prompt, styleId, visibility, picture: sending }, setUpload);
      } else id = (await submitCreate({ prompt, styleId, visibility })).taskId;
      if (id === null) setUploadProblem("create.upload.notStarted");
      else {
        clearTryIt();
        rememberTask(id);
        setTaskId(id);
        void revalidator.revalidate();
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === "NOT_ENOUGH_POINTS") requestPoints({ needed: cost });
      else toastError(error, t);
    } finally {
      setUpload(undefined);
      setBusy(false);
    }
  }

  const singleCostLine = member
    ? today?.limit != null
      ? t("create.cost.member", { count: today.remaining, limit: today.limit })
      : t("create.cost.memberIncluded")
    : user
      ? t("create.cost.free", { count: cost, balance: user.point })
      : t("create.cost.visitor", { count: cost });
  const costLine =
    kind === "pack"
      ? member
        ? t("packs.make.costMember", { count })
        : t("packs.make.cost", { count, points: cost * count })
      : singleCostLine;

  return (
    <div className="w-full space-y-4 rounded-3xl bg-white p-4 text-start shadow-sm ring-1 ring-stone-200 md:p-6">
      {packId !== null ? (
        <Suspense fallback={<p className="py-8 text-center text-stone-500">{t("packs.loading")}</p>}>
          <PackProgress packId={packId} onReset={resetPack} />
        </Suspense>
      ) : taskId !== null ? (
        <TaskProgress taskId={taskId} onReset={reset} />
      ) : (
        <form
          className="space-y-5"
          aria-busy={busy}
          onSubmit={(event) => {
            event.preventDefault();
            void generate();
          }}
        >
          <fieldset className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1">
            <legend className="sr-only">{t("packs.make.modeLabel")}</legend>
            {(["one", "pack"] as const).map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={kind === name}
                onClick={() => setKind(name)}
                className={`h-10 rounded-full font-medium text-sm transition ${
                  kind === name ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900"
                }`}
              >
                {name === "one" ? t("packs.make.modeOne") : t("packs.make.modePack")}
              </button>
            ))}
          </fieldset>
          <fieldset className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1">
            <legend className="sr-only">{t("create.mode.label")}</legend>
            {(["text", "image"] as const).map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={mode === name}
                onClick={() => setMode(name)}
                className={`h-10 rounded-full font-medium text-sm transition ${
                  mode === name ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900"
                }`}
              >
                {t(`create.mode.${name}`)}
              </button>
            ))}
          </fieldset>
          {mode === "image" ? (
            <Suspense fallback={<div className="min-h-28 rounded-2xl border-2 border-stone-200 border-dashed" />}>
              <ImagePicker picture={picture} onChange={setPicture} />
            </Suspense>
          ) : null}
          <div className="space-y-2">
            <label htmlFor={ids.prompt} className="font-semibold text-lg">
              {mode === "text" ? t("create.promptLabel") : t("create.promptLabelOptional")}
            </label>
            <textarea
              id={ids.prompt}
              value={prompt}
              maxLength={PROMPT_MAX_LENGTH}
              rows={mode === "text" ? 3 : 2}
              onChange={(event) => setPrompt(event.target.value)}
              onKeyDown={(event) => {
                // Enter makes the sticker; Shift+Enter is a new line.
                if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  void generate();
                }
              }}
              placeholder={mode === "text" ? t("create.promptPlaceholder") : t("create.promptPlaceholderImage")}
              aria-describedby={ids.count}
              className="w-full resize-none rounded-2xl border border-stone-300 p-4 text-base focus-visible:outline-2 focus-visible:outline-primary"
            />
            <p id={ids.count} className="text-end text-stone-500 text-xs">
              {t("create.count", { count: prompt.length, max: PROMPT_MAX_LENGTH })}
            </p>
          </div>
          {mode === "text" && ideas.length > 0 ? (
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
          <StylePicker styles={styles} firstCount={firstStyleCount} value={styleId} onChange={setStyleId} />
          {kind === "pack" ? (
            <Suspense fallback={<p className="h-24 text-sm text-stone-500">{t("packs.loading")}</p>}>
              <MoodChooser value={moodChoice} onChange={setMoodChoice} />
            </Suspense>
          ) : null}
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={visibility === "public"}
              onChange={(event) => setVisibilityOf({ ...visibilityOf, [mode]: event.target.checked ? "public" : "private" })}
              className="mt-0.5 size-5 accent-primary-dark"
            />
            <span>
              <span className="font-medium">{t("create.visibility.public")}</span>
              <span className="block text-stone-600">
                {mode === "image" ? t("create.visibility.photoHint") : t("create.visibility.hint")}
              </span>
            </span>
          </label>
          <div className="space-y-2">
            <button
              type="submit"
              disabled={!ready || busy}
              aria-describedby={ids.cost}
              className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full px-4 py-2 text-center leading-tight bg-primary-dark font-semibold text-lg text-white hover:bg-primary-darker disabled:cursor-not-allowed disabled:opacity-50"
            >
              {busy ? (
                <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              ) : null}
              {typeof upload === "number"
                ? t("create.upload.sending", { percent: Math.round(upload * 100) })
                : upload === null
                  ? kind === "pack"
                    ? t("packs.make.checking")
                    : t("create.upload.checking")
                  : busy
                    ? t("create.starting")
                    : kind === "pack"
                      ? t("packs.make.submit")
                      : t("create.generate")}
            </button>
            {typeof upload === "number" ? (
              <progress
                max={100}
                value={Math.round(upload * 100)}
                aria-label={t("create.upload.sending", { percent: Math.round(upload * 100) })}
                className="h-1.5 w-full overflow-hidden rounded-full accent-primary-dark"
              />
            ) : null}
            {uploadProblem ? (
              <p role="alert" className="text-center text-red-700 text-sm">
                {t(uploadProblem)}
              </p>
            ) : null}
            <p id={ids.cost} className="text-center text-sm text-stone-600">
              {costLine}
            </p>
          </div>
        </form>
      )}
    </div>
  );
}
