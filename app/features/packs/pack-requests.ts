import { apiCall } from "#app/lib/api/client.ts";
import type { PackDetail } from "#common/packs.ts";
import type { Visibility } from "#common/tasks.ts";

/** The pack calls the page makes (signed, through the API client); each answers the pack as it is now. */
export const packRequests = {
  create: (body: { name: string; visibility: Visibility; stickerInstIds?: string[] }) =>
    apiCall<PackDetail>("POST", "/api/pack/create", { body }),
  update: (body: { packId: string; name?: string; visibility?: Visibility; coverStickerInstId?: string | null }) =>
    apiCall<PackDetail>("POST", "/api/pack/update", { body }),
  remove: (packId: string) => apiCall<{ deleted: true }>("POST", "/api/pack/delete", { body: { packId } }),
  addStickers: (packId: string, stickerInstIds: string[]) =>
    apiCall<PackDetail>("POST", "/api/pack/addStickers", { body: { packId, stickerInstIds } }),
  removeSticker: (packId: string, stickerInstId: string) =>
    apiCall<PackDetail>("POST", "/api/pack/removeSticker", { body: { packId, stickerInstId } }),
  reorder: (packId: string, stickerInstIds: string[]) =>
    apiCall<PackDetail>("POST", "/api/pack/reorder", { body: { packId, stickerInstIds } }),
  setEmoji: (packId: string, stickerInstId: string, emoji: string[]) =>
    apiCall<PackDetail>("POST", "/api/pack/setEmoji", { body: { packId, stickerInstId, emoji } }),
  get: (packId: string) => apiCall<PackDetail>("GET", "/api/pack/get", { params: { packId } }),
  forSticker: (stickerInstId: string) =>
    apiCall<{ list: { packId: string; name: string; contains: boolean; stickerCount: number }[] }>(
      "GET",
      "/api/pack/forSticker",
      { params: { stickerInstId } },
    ),
};
