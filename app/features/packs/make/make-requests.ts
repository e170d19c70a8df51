import { api } from "#app/lib/api/api.ts";
import type { MadePack, MoodId, PackProgressView } from "#common/packs.ts";
import type { Visibility } from "#common/tasks.ts";

export interface MakePackRequest {
  prompt: string;
  styleId: number | null;
  moods: MoodId[];
  visibility: Visibility;
  /** A photo to draw every mood from; without it the prompt alone is used. */
  picture: File | null;
}

/**
 * Starts a pack of moods from words (makeFromPrompt, decision 0026); a photo goes through
 * `upload-photo-pack.ts`, which sends it as a single sticker's photo is sent (decision 0029).
 */
export function makePackFromWords(request: Omit<MakePackRequest, "picture">): Promise<MadePack> {
  return api.pack.fromPrompt({
    prompt: request.prompt,
    moods: request.moods,
    visibility: request.visibility,
    ...(request.styleId ? { styleId: request.styleId } : {}),
  });
}

export function fetchPackProgress(packId: string): Promise<PackProgressView> {
  return api.pack.progress({ packId });
}
