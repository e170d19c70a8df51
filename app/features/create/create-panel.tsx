import { lazy, Suspense, useCallback, useEffect, useReducer } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { ToggleButtons } from "#app/components/ui/switch.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { ApiError } from "#app/lib/api/client.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import type { PromptItem } from "#common/stickers.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import type { StyleItem } from "#common/styles.ts";
import { useUser } from "../auth/use-user.ts";
import type { MoodChoice } from "../packs/make/mood-chooser.tsx";
import { requestPoints } from "../pricing/recharge-channel.ts";
import { fetchTodayGenDetail, submitCreate } from "./create-requests.ts";
import {
  type CreateCosts,
  costOf,
  createReducer,
  initialCreateState,
  isReady,
  stickerCount,
  visibilityOf,
} from "./create-state.ts";
import { rememberedTask, rememberTask } from "./current-task.ts";
import { GenerateButton } from "./generate-button.tsx";
import { PromptField, PromptIdeas } from "./prompt-field.tsx";
import { StylePicker } from "./style-picker.tsx";
import { clearTryIt, readTryIt } from "./try-it.ts";
import { UnderstoodLine } from "./understood-line.tsx";

export type { CreateCosts } from "./create-state.ts";

// A pack of moods is a second mode of the panel: its parts load when it is chosen (first-load budget).
const MoodChooser = lazy(() => import("../packs/make/mood-chooser.tsx").then((module) => ({ default: module.MoodChooser })));
// The picture picker shows only once "A picture" is chosen: its code loads then (first-load budget).
const ImagePicker = lazy(() => import("./image-picker.tsx").then((module) => ({ default: module.ImagePicker })));
// A sticker's progress shows only once Generate was pressed (or a followed task is back): its code, with
// the polling loop, loads then (first-load budget).
const TaskProgress = lazy(() => import("./task-progress.tsx").then((module) => ({ default: module.TaskProgress })));
// Only a page arriving from "Make my version" shows the remix's notice (decision 0046).
const RemixNotice = lazy(() => import("./remix-notice.tsx").then((module) => ({ default: module.RemixNotice })));
// Only a page arriving from the share sheet shows the shared photo's notice (decision 0046).
const SharedPhotoNotice = lazy(() =>
  import("./shared-photo-notice.tsx").then((module) => ({ default: module.SharedPhotoNotice })),
);
const PackProgress = lazy(() => import("../packs/make/pack-progress.tsx").then((module) => ({ default: module.PackProgress })));

/** What one press of Generate started: a followed sticker, a pack being made, or nothing (a picture's lost answer found no task). */
type Started = { kind: "task"; taskId: number | null } | { kind: "pack"; packId: string | null };

/**
 * The home create area (spec §2): a prompt with suggestions (5 on desktop, 2 on phones) or a picture,
 * a style (the first 8, "more" for all), public or private, the cost, and Generate; then the task's
 * progress and result in place. Signed-out visitors keep their text through the sign-in prompt.
 * Its state is one reducer (`create-state.ts`).
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
  const [state, dispatch] = useReducer(createReducer, { styleId: styles[0]?.id ?? null, ideas: suggestions }, initialCreateState);
  const { mode, kind, prompt, picture, taskId, packId, upload, shared, remix } = state;

  // Text typed before signing in (INPUT_CONTENT_BEFORE_LOGIN), a "Try it" or "Make my version"
  // (try_it_data_key, styleId query), a task being followed before a reload and a photo shared in from
  // the phone's share sheet (?shared=, decision 0046) all come back here (spec §4, §9).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on arrival
  useEffect(() => {
    const kept = localStorage.getItem(STORAGE_KEYS.inputBeforeLogin);
    if (kept) localStorage.removeItem(STORAGE_KEYS.inputBeforeLogin);
    const tryIt = readTryIt();
    const wanted = Number(searchParams.get("styleId") ?? tryIt?.styleId ?? Number.NaN);
    dispatch({
      type: "arrived",
      prompt: tryIt ? tryIt.prompt : kept || null,
      styleId: styles.some((style) => style.id === wanted) ? wanted : null,
      taskId: rememberedTask(),
      remix: tryIt?.remix,
    });
    if (searchParams.has("shared") || searchParams.has("shareError")) {
      dispatch({ type: "shared", shared: { status: "loading" } });
      // Its code loads only when the page arrives from the share sheet (first-load budget).
      void import("./shared-photo.ts")
        .then(({ loadSharedPhoto }) => loadSharedPhoto(searchParams))
        .then((shared) => dispatch({ type: "shared", shared }));
    }
  }, []);

  const signedIn = user !== null;
  const balance = user?.point;
  // Asked again when the balance changes or a task starts or ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: balance and taskId are refetch triggers
  useEffect(() => {
    if (!signedIn) {
      dispatch({ type: "today", today: null });
      return;
    }
    fetchTodayGenDetail()
      .then((today) => dispatch({ type: "today", today }))
      .catch(() => dispatch({ type: "today", today: null }));
  }, [signedIn, balance, taskId]);

  const reset = useCallback((keepPrompt: boolean) => {
    rememberTask(null);
    dispatch({ type: "taskReset", keepPrompt });
  }, []);
  const resetPack = useCallback(() => dispatch({ type: "packReset" }), []);
  const chooseMoods = useCallback((choice: MoodChoice) => dispatch({ type: "moods", choice }), []);
  const setUpload = useCallback((share: number | null) => dispatch({ type: "uploadProgress", upload: share }), []);

  const ready = isReady(state);
  const count = stickerCount(state);
  const cost = costOf(state, costs);
  const visibility = visibilityOf(state);

  const generate = useCall(
    async ({
      prompt,
      sending,
      moods,
    }: {
      prompt: string;
      sending: File | null;
      moods: MoodChoice["moods"];
    }): Promise<Started> => {
      dispatch({ type: "submitting", upload: sending ? 0 : undefined });
      const { styleId } = state;
      // A pack of moods is no remix of one sticker; a single sticker records the one it came from.
      const remixOf = remix?.stickerInstId;
      if (kind === "pack") {
        if (sending) {
          // A photo's pack uploads as a single sticker's photo does: progress, upload id, lost answers found.
          const { makePhotoPack } = await import("../packs/make/upload-photo-pack.ts");
          return {
            kind: "pack",
            packId: await makePhotoPack({ prompt, styleId, moods, visibility, picture: sending }, setUpload),
          };
        }
        const { makePackFromWords } = await import("../packs/make/make-requests.ts");
        return {
          kind: "pack",
          packId: (await makePackFromWords({ prompt, styleId, moods, visibility })).pack.packId,
        };
      }
      if (sending) {
        const { submitPictureTask } = await import("./upload-picture.ts");
        return {
          kind: "task",
          taskId: await submitPictureTask({ prompt, styleId, visibility, picture: sending, remixOf }, setUpload),
        };
      }
      return {
        kind: "task",
        taskId: (await submitCreate({ prompt, styleId, visibility, remixOf })).taskId,
      };
    },
    {
      signIn: "create",
      onSignedOut: ({ prompt }) => localStorage.setItem(STORAGE_KEYS.inputBeforeLogin, prompt),
      onSuccess: (started) => {
        if (started.kind === "pack" ? started.packId === null : started.taskId === null) {
          dispatch({
            type: "notStarted",
            problem: started.kind === "pack" ? "packs.make.notStarted" : "create.upload.notStarted",
          });
          return;
        }
        clearTryIt();
        if (shared) void import("./shared-photo.ts").then(({ forgetSharedPhoto }) => forgetSharedPhoto());
        if (started.kind === "pack" && started.packId !== null) dispatch({ type: "packStarted", packId: started.packId });
        if (started.kind === "task" && started.taskId !== null) {
          rememberTask(started.taskId);
          dispatch({ type: "taskStarted", taskId: started.taskId });
        }
        void revalidator.revalidate();
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === "NOT_ENOUGH_POINTS")) return false;
        requestPoints({ needed: kind === "pack" ? cost * count : cost });
        return true;
      },
      onSettled: () => dispatch({ type: "submitted" }),
    },
  );

  function submit() {
    if (!ready || generate.busy) return;
    void generate.run({ prompt, sending: mode === "image" ? picture : null, moods: state.moodChoice?.moods ?? [] });
  }

  const member = state.today?.member ?? (user ? user.subscribePlan !== "" : false);
  const costLine =
    kind === "pack"
      ? member
        ? t("packs.make.costMember", { count })
        : t("packs.make.cost", { count, points: cost * count })
      : member
        ? state.today?.limit != null
          ? t("create.cost.member", { count: state.today.remaining, limit: state.today.limit })
          : t("create.cost.memberIncluded")
        : user
          ? t("create.cost.free", { count: cost, balance: user.point })
          : t("create.cost.visitor", { count: cost });

  return (
    <div className="w-full space-y-4 rounded-3xl bg-white p-4 text-start shadow-sm ring-1 ring-stone-200 md:p-6">
      {packId !== null ? (
        <Suspense fallback={<p className="py-8 text-center text-stone-500">{t("packs.loading")}</p>}>
          <PackProgress packId={packId} onReset={resetPack} />
        </Suspense>
      ) : taskId !== null ? (
        <Suspense fallback={<p className="py-8 text-center text-stone-500">{t("app.loading")}</p>}>
          <TaskProgress taskId={taskId} onReset={reset} />
        </Suspense>
      ) : (
        <form
          className="space-y-5"
          aria-busy={generate.busy}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <ToggleButtons
            legend={t("packs.make.modeLabel")}
            options={[
              { value: "one", label: t("packs.make.modeOne") },
              { value: "pack", label: t("packs.make.modePack") },
            ]}
            value={kind}
            onChange={(next) => dispatch({ type: "kind", kind: next })}
          />
          <ToggleButtons
            legend={t("create.mode.label")}
            options={[
              { value: "text", label: t("create.mode.text") },
              { value: "image", label: t("create.mode.image") },
            ]}
            value={mode}
            onChange={(next) => dispatch({ type: "mode", mode: next })}
          />
          {remix ? <RemixNotice name={remix.name} onDrop={() => dispatch({ type: "dropRemix" })} /> : null}
          {shared ? (
            <Suspense fallback={null}>
              <SharedPhotoNotice
                shared={shared}
                signedIn={signedIn}
                pack={kind === "pack"}
                onPack={() => dispatch({ type: "kind", kind: "pack" })}
              />
            </Suspense>
          ) : null}
          {mode === "image" ? (
            <Suspense fallback={<div className="min-h-28 rounded-2xl border-2 border-stone-200 border-dashed" />}>
              <ImagePicker
                picture={picture}
                incoming={shared?.status === "ready" && !shared.handed ? shared.file : null}
                onChange={(next) => dispatch({ type: "picture", picture: next })}
              />
            </Suspense>
          ) : null}
          <PromptField
            mode={mode}
            prompt={prompt}
            onPrompt={(next) => dispatch({ type: "prompt", prompt: next })}
            onEnter={submit}
            understood={mode === "text" ? <UnderstoodLine prompt={prompt} pack={kind === "pack"} /> : null}
          />
          {mode === "text" ? (
            <PromptIdeas
              ideas={state.ideas}
              allPrompts={allPrompts}
              onPick={(text) => dispatch({ type: "prompt", prompt: text })}
              onIdeas={(ideas) => dispatch({ type: "ideas", ideas })}
            />
          ) : null}
          <StylePicker
            styles={styles}
            firstCount={firstStyleCount}
            value={state.styleId}
            onChange={(styleId) => dispatch({ type: "style", styleId })}
          />
          {kind === "pack" ? (
            <Suspense fallback={<p className="h-24 text-sm text-stone-500">{t("packs.loading")}</p>}>
              <MoodChooser value={state.moodChoice} onChange={chooseMoods} />
            </Suspense>
          ) : null}
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={visibility === "public"}
              onChange={(event) => dispatch({ type: "visibility", visibility: event.target.checked ? "public" : "private" })}
              className="mt-0.5 size-5 accent-primary-dark"
            />
            <span>
              <span className="font-medium">{t("create.visibility.public")}</span>
              <span className="block text-stone-600">
                {mode === "image" ? t("create.visibility.photoHint") : t("create.visibility.hint")}
              </span>
            </span>
          </label>
          <GenerateButton
            kind={kind}
            ready={ready}
            busy={generate.busy}
            upload={upload}
            problem={state.uploadProblem}
            costLine={costLine}
          />
        </form>
      )}
    </div>
  );
}
