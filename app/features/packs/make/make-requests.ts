import { apiCall } from "#app/lib/api/client.ts";
import { TIMEOUTS_MS } from "#common/constants.ts";
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

/** Starts a pack of moods (decision 0026): words through makeFromPrompt, a photo through the multipart makeFromImage. */
export function makePack(request: MakePackRequest): Promise<MadePack> {
  if (!request.picture) {
    return apiCall<MadePack>("POST", "/api/pack/makeFromPrompt", {
      body: {
        prompt: request.prompt,
        moods: request.moods,
        visibility: request.visibility,
        ...(request.styleId ? { styleId: request.styleId } : {}),
      },
    });
  }
  const form = new FormData();
  form.append("file", request.picture);
  form.append("prompt", request.prompt);
  form.append("moods", request.moods.join(","));
  form.append("visibility", request.visibility);
  if (request.styleId) form.append("styleId", String(request.styleId));
  return apiCall<MadePack>("POST", "/api/pack/makeFromImage", { form, timeoutMs: TIMEOUTS_MS.upload });
}

export function fetchPackProgress(packId: string): Promise<PackProgressView> {
  return apiCall<PackProgressView>("GET", "/api/pack/progress", { params: { packId } });
}
