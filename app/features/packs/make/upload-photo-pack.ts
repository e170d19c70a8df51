/**
 * A pack of moods from a photo, sent as a single sticker's photo is (decision 0029): through XHR with
 * its progress, the stall and overall timeouts, and an upload id, so a lost answer finds the pack the
 * server made instead of failing or making (and paying for) a second one. Loaded when Make the pack is
 * pressed with a picture (first-load budget).
 */
import { sendPictureOnce } from "#app/features/create/upload-picture.ts";
import { api } from "#app/lib/api/api.ts";
import type { MakePackRequest } from "./make-requests.ts";

/**
 * Starts a pack from `request.picture` (multipart makeFromImage with the upload's id). `onProgress`
 * gets the share sent (0…1), then null while the page looks for the pack after an uncertain failure.
 * Answers the pack to follow, or null when nothing started and nothing was paid; a refusal
 * (NOT_ENOUGH_POINTS, MOODS_INVALID, UPLOAD_…) is thrown as the ApiError it is.
 */
export function makePhotoPack(
  request: MakePackRequest & { picture: File },
  onProgress: (sent: number | null) => void,
): Promise<string | null> {
  return sendPictureOnce({
    call: api.pack.fromImage,
    picture: request.picture,
    fields: {
      prompt: request.prompt,
      moods: request.moods.join(","),
      visibility: request.visibility,
      ...(request.styleId ? { styleId: String(request.styleId) } : {}),
    },
    followed: (made) => made.pack.packId,
    lookUp: async (uploadId) => (await api.pack.byUpload({ uploadId })).packId,
    onProgress,
  });
}
