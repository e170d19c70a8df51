import { api } from "#app/lib/api/api.ts";

/** The pack calls the page makes (signed, through the typed client); each answers the pack as it is now. */
export const packRequests = {
  create: api.pack.create,
  update: api.pack.update,
  remove: (packId: string) => api.pack.delete({ packId }),
  addStickers: (packId: string, stickerInstIds: string[]) => api.pack.addStickers({ packId, stickerInstIds }),
  removeSticker: (packId: string, stickerInstId: string) => api.pack.removeSticker({ packId, stickerInstId }),
  reorder: (packId: string, stickerInstIds: string[]) => api.pack.reorder({ packId, stickerInstIds }),
  setEmoji: (packId: string, stickerInstId: string, emoji: string[]) => api.pack.setEmoji({ packId, stickerInstId, emoji }),
  get: (packId: string) => api.pack.get({ packId }),
  forSticker: (stickerInstId: string) => api.pack.forSticker({ stickerInstId }),
};
