import { describe, expect, it } from "vitest";
import type { PromptItem } from "#common/stickers.ts";
import {
  type CreateAction,
  type CreateState,
  costOf,
  createReducer,
  initialCreateState,
  isReady,
  stickerCount,
  visibilityOf,
} from "./create-state.ts";

const ideas: PromptItem[] = [{ id: 1, text: "a cat" } as PromptItem];
const start = () => initialCreateState({ styleId: 7, ideas });
const run = (...actions: CreateAction[]): CreateState => actions.reduce(createReducer, start());
const photo = new File(["x"], "cat.jpg", { type: "image/jpeg" });

describe("the create panel's state", () => {
  it("starts on one sticker from words, the first style, words public and pictures private", () => {
    const state = start();
    expect(state).toMatchObject({ mode: "text", kind: "one", styleId: 7, ideas, taskId: null, packId: null, upload: undefined });
    expect(visibilityOf(state)).toBe("public");
    expect(visibilityOf(createReducer(state, { type: "mode", mode: "image" }))).toBe("private");
  });

  it("keeps a visibility per mode", () => {
    const state = run({ type: "visibility", visibility: "private" }, { type: "mode", mode: "image" });
    expect(visibilityOf(state)).toBe("private");
    const shared = createReducer(state, { type: "visibility", visibility: "public" });
    expect(shared.visibilityOf).toEqual({ text: "private", image: "public" });
  });

  it("is ready with words, or with a picture in picture mode, and for a pack only with enough moods", () => {
    expect(isReady(start())).toBe(false);
    expect(isReady(run({ type: "prompt", prompt: "   " }))).toBe(false);
    expect(isReady(run({ type: "prompt", prompt: "a dog" }))).toBe(true);
    expect(isReady(run({ type: "prompt", prompt: "a dog" }, { type: "mode", mode: "image" }))).toBe(false);
    expect(isReady(run({ type: "mode", mode: "image" }, { type: "picture", picture: photo }))).toBe(true);
    const pack = run({ type: "prompt", prompt: "a dog" }, { type: "kind", kind: "pack" });
    expect(isReady(pack)).toBe(false);
    expect(isReady(createReducer(pack, { type: "moods", choice: { moods: ["happy"], enough: false } }))).toBe(false);
    expect(isReady(createReducer(pack, { type: "moods", choice: { moods: ["happy", "sad"], enough: true } }))).toBe(true);
  });

  it("counts one sticker, or one per mood, at the mode's cost", () => {
    const costs = { text: 2, image: 3 };
    expect(stickerCount(start())).toBe(1);
    expect(stickerCount(run({ type: "kind", kind: "pack" }))).toBe(0);
    const pack = run(
      { type: "kind", kind: "pack" },
      { type: "moods", choice: { moods: ["happy", "sad", "angry"], enough: true } },
    );
    expect(stickerCount(pack)).toBe(3);
    expect(costOf(pack, costs)).toBe(2);
    expect(costOf(createReducer(pack, { type: "mode", mode: "image" }), costs)).toBe(3);
  });

  it("takes back what arrives: kept words, a valid style, a followed task; nothing overwrites with nothing", () => {
    expect(run({ type: "arrived", prompt: "kept", styleId: 9, taskId: 12 })).toMatchObject({
      prompt: "kept",
      styleId: 9,
      taskId: 12,
    });
    expect(
      run({ type: "prompt", prompt: "typed" }, { type: "arrived", prompt: null, styleId: null, taskId: null }),
    ).toMatchObject({
      prompt: "typed",
      styleId: 7,
      taskId: null,
    });
  });

  it("follows a submission: the upload's share, a problem when nothing started, cleared by the next try", () => {
    let state = run({ type: "submitting", upload: 0 }, { type: "uploadProgress", upload: 0.5 });
    expect(state.upload).toBe(0.5);
    state = createReducer(state, { type: "uploadProgress", upload: null });
    expect(state.upload).toBeNull();
    state = createReducer(createReducer(state, { type: "notStarted", problem: "create.upload.notStarted" }), {
      type: "submitted",
    });
    expect(state).toMatchObject({ upload: undefined, uploadProblem: "create.upload.notStarted" });
    state = createReducer(state, { type: "submitting", upload: undefined });
    expect(state.uploadProblem).toBeNull();
  });

  it("goes to the task or the pack, and back: a reset keeps the words and picture only when asked", () => {
    const withPicture = run(
      { type: "prompt", prompt: "a dog" },
      { type: "picture", picture: photo },
      { type: "taskStarted", taskId: 5 },
    );
    expect(withPicture.taskId).toBe(5);
    expect(createReducer(withPicture, { type: "taskReset", keepPrompt: true })).toMatchObject({
      taskId: null,
      prompt: "a dog",
      picture: photo,
    });
    expect(createReducer(withPicture, { type: "taskReset", keepPrompt: false })).toMatchObject({
      taskId: null,
      prompt: "",
      picture: null,
    });
    const pack = run({ type: "packStarted", packId: "p1" });
    expect(pack.packId).toBe("p1");
    expect(createReducer(pack, { type: "packReset" }).packId).toBeNull();
  });

  it("changes style, ideas and moods by name", () => {
    const state = run(
      { type: "style", styleId: 3 },
      { type: "ideas", ideas: [] },
      { type: "moods", choice: { moods: ["happy", "sad"], enough: true } },
    );
    expect(state).toMatchObject({ styleId: 3, ideas: [], moodChoice: { moods: ["happy", "sad"], enough: true } });
  });

  it("a shared photo opens picture mode, is handed to the picker once, and is forgotten when a sticker starts", () => {
    let state = run({ type: "shared", shared: { status: "loading" } });
    expect(state.mode).toBe("image");
    state = createReducer(state, { type: "shared", shared: { status: "ready", file: photo } });
    expect(state.shared).toEqual({ status: "ready", file: photo });
    // The picker's take (clearing, then the shrunk file) marks it handed: removing it later keeps it removed.
    state = createReducer(state, { type: "picture", picture: null });
    expect(state.shared).toMatchObject({ status: "ready", handed: true });
    state = createReducer(state, { type: "taskStarted", taskId: 3 });
    expect(state.shared).toBeNull();
  });

  it("a remix of a words sticker takes its prompt and style; of a photo sticker, its style in picture mode", () => {
    const remix = { stickerInstId: "abc", name: "Cat", fromPhoto: false };
    const words = run({ type: "arrived", prompt: "a cat", styleId: 9, taskId: null, remix });
    expect(words).toMatchObject({ mode: "text", prompt: "a cat", styleId: 9, remix });
    const fromPhoto = run({ type: "arrived", prompt: "", styleId: 4, taskId: null, remix: { ...remix, fromPhoto: true } });
    expect(fromPhoto).toMatchObject({ mode: "image", prompt: "", styleId: 4 });
    expect(createReducer(words, { type: "dropRemix" }).remix).toBeNull();
    expect(createReducer(words, { type: "taskStarted", taskId: 1 }).remix).toBeNull();
  });
});
