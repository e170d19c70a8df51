import type { PromptItem } from "#common/stickers.ts";
import type { TodayGenDetail, Visibility } from "#common/tasks.ts";
import type { MoodChoice } from "../packs/make/mood-chooser.tsx";
import type { RemixSource } from "./try-it.ts";

/**
 * A photo shared in from the phone's share sheet (decision 0046): being loaded, loaded (handed to the
 * picker as if picked), gone (expired or unknown), or refused by the server (an error code).
 */
export type SharedPhoto =
  | { status: "loading" }
  /** `handed` once the picker took it: a later remove or another pick is not undone by it. */
  | { status: "ready"; file: File; handed?: boolean }
  | { status: "gone" }
  | { status: "refused"; code: string };

/** Words, or a picture (with optional words). */
export type Mode = "text" | "image";
/** One sticker, or a pack of moods: the same subject once per chosen mood (decision 0026). */
export type Kind = "one" | "pack";
/** A picture's upload: the share sent, or null while looking for its task or pack after a failure (decision 0029). */
export type Upload = number | null;

export interface CreateCosts {
  text: number;
  image: number;
}

/** Everything the create panel holds between renders, changed only by the actions below. */
export interface CreateState {
  mode: Mode;
  kind: Kind;
  /** Set by the mood chooser when it first shows (its default moods), then by each choice. */
  moodChoice: MoodChoice | null;
  prompt: string;
  picture: File | null;
  styleId: number | null;
  /** Words start public; a photo may show a face, so a picture starts private until the owner shares it. */
  visibilityOf: Record<Mode, Visibility>;
  /** The prompt suggestions shown. */
  ideas: PromptItem[];
  /** The sticker being followed, or the pack being made; at most one of them is set. */
  taskId: number | null;
  packId: string | null;
  /** A picture's upload under way (undefined when none). */
  upload: Upload | undefined;
  /** The catalog key of "your picture's sticker did not start", shown under the button. */
  uploadProblem: string | null;
  /** Today's generations of a signed-in user (member limits), or null. */
  today: TodayGenDetail | null;
  /** A photo shared in from the share sheet, or null. */
  shared: SharedPhoto | null;
  /** "Make my version": the sticker the next one remixes, or null. */
  remix: RemixSource | null;
}

export type CreateAction =
  | { type: "mode"; mode: Mode }
  | { type: "kind"; kind: Kind }
  | { type: "moods"; choice: MoodChoice }
  | { type: "prompt"; prompt: string }
  | { type: "picture"; picture: File | null }
  | { type: "style"; styleId: number | null }
  | { type: "visibility"; visibility: Visibility }
  | { type: "ideas"; ideas: PromptItem[] }
  /** What comes back on arrival: text kept through a sign-in or a "Try it", its style, a task followed before a reload. */
  | {
      type: "arrived";
      prompt: string | null;
      styleId: number | null;
      taskId: number | null;
      remix?: RemixSource | undefined;
    }
  | { type: "shared"; shared: SharedPhoto | null }
  | { type: "dropRemix" }
  | { type: "today"; today: TodayGenDetail | null }
  | { type: "submitting"; upload: Upload | undefined }
  | { type: "uploadProgress"; upload: Upload }
  | { type: "submitted" }
  | { type: "notStarted"; problem: string }
  | { type: "taskStarted"; taskId: number }
  | { type: "packStarted"; packId: string }
  /** The followed task is over (or gone): back to the form, with or without the words and picture. */
  | { type: "taskReset"; keepPrompt: boolean }
  | { type: "packReset" };

export function initialCreateState({ styleId, ideas }: { styleId: number | null; ideas: PromptItem[] }): CreateState {
  return {
    mode: "text",
    kind: "one",
    moodChoice: null,
    prompt: "",
    picture: null,
    styleId,
    visibilityOf: { text: "public", image: "private" },
    ideas,
    taskId: null,
    packId: null,
    upload: undefined,
    uploadProblem: null,
    today: null,
    shared: null,
    remix: null,
  };
}

export function createReducer(state: CreateState, action: CreateAction): CreateState {
  switch (action.type) {
    case "mode":
      return { ...state, mode: action.mode };
    case "kind":
      return { ...state, kind: action.kind };
    case "moods":
      return { ...state, moodChoice: action.choice };
    case "prompt":
      return { ...state, prompt: action.prompt };
    case "picture":
      return {
        ...state,
        picture: action.picture,
        shared: state.shared?.status === "ready" ? { ...state.shared, handed: true } : state.shared,
      };
    case "style":
      return { ...state, styleId: action.styleId };
    case "visibility":
      return { ...state, visibilityOf: { ...state.visibilityOf, [state.mode]: action.visibility } };
    case "ideas":
      return { ...state, ideas: action.ideas };
    case "arrived":
      return {
        ...state,
        // A photo sticker's remix keeps its style only: the new photo is the caller's own (decision 0046).
        mode: action.remix?.fromPhoto ? "image" : state.mode,
        prompt: action.remix?.fromPhoto ? state.prompt : (action.prompt ?? state.prompt),
        styleId: action.styleId ?? state.styleId,
        taskId: action.taskId,
        remix: action.remix ?? null,
      };
    case "shared":
      // A shared photo opens the panel in picture mode, whatever became of it.
      return { ...state, shared: action.shared, mode: action.shared ? "image" : state.mode };
    case "dropRemix":
      return { ...state, remix: null };
    case "today":
      return { ...state, today: action.today };
    case "submitting":
      return { ...state, upload: action.upload, uploadProblem: null };
    case "uploadProgress":
      return { ...state, upload: action.upload };
    case "submitted":
      return { ...state, upload: undefined };
    case "notStarted":
      return { ...state, uploadProblem: action.problem };
    case "taskStarted":
      return { ...state, taskId: action.taskId, shared: null, remix: null };
    case "packStarted":
      return { ...state, packId: action.packId, shared: null, remix: null };
    case "taskReset":
      return action.keepPrompt ? { ...state, taskId: null } : { ...state, taskId: null, prompt: "", picture: null };
    case "packReset":
      return { ...state, packId: null };
  }
}

/** Whether Generate may be pressed: words (or a picture), and for a pack enough moods. */
export function isReady(state: CreateState): boolean {
  const subject = state.mode === "text" ? state.prompt.trim().length > 0 : state.picture !== null;
  return subject && (state.kind === "one" || state.moodChoice?.enough === true);
}

/** How many stickers one press makes: one, or one per chosen mood. */
export function stickerCount(state: CreateState): number {
  return state.kind === "pack" ? (state.moodChoice?.moods.length ?? 0) : 1;
}

export function visibilityOf(state: CreateState): Visibility {
  return state.visibilityOf[state.mode];
}

/** The points one sticker costs in the chosen mode. */
export function costOf(state: CreateState, costs: CreateCosts): number {
  return state.mode === "text" ? costs.text : costs.image;
}
