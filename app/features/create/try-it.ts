import { STORAGE_KEYS } from "#common/storage-keys.ts";

/** What "Try it" on a sticker page hands to the create panel (spec §9 try_it_data_key). */
export interface TryItData {
  prompt: string;
  styleId: number | null;
  /** "Make my version" (decision 0046): the public sticker handed over, and whether it was made from a photo. */
  remix?: RemixSource | undefined;
}

/** The sticker a new one will be a remix of, as the create panel names it. */
export interface RemixSource {
  stickerInstId: string;
  name: string;
  fromPhoto: boolean;
}

function remixOf(value: unknown): RemixSource | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { stickerInstId, name, fromPhoto } = value as Partial<RemixSource>;
  if (typeof stickerInstId !== "string" || typeof name !== "string") return undefined;
  return { stickerInstId, name, fromPhoto: fromPhoto === true };
}

export function readTryIt(): TryItData | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.tryItData);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<TryItData>;
    if (typeof data.prompt !== "string") return null;
    return {
      prompt: data.prompt,
      styleId: typeof data.styleId === "number" ? data.styleId : null,
      remix: remixOf(data.remix),
    };
  } catch {
    return null;
  }
}

/** Kept until a sticker is started from it, so it survives signing in on the way. */
export function clearTryIt() {
  try {
    localStorage.removeItem(STORAGE_KEYS.tryItData);
  } catch {
    // nothing to clear
  }
}
