import { STORAGE_KEYS } from "#common/storage-keys.ts";

/** What "Try it" on a sticker page hands to the create panel (spec §9 try_it_data_key). */
export interface TryItData {
  prompt: string;
  styleId: number | null;
}

export function readTryIt(): TryItData | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.tryItData);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<TryItData>;
    if (typeof data.prompt !== "string") return null;
    return { prompt: data.prompt, styleId: typeof data.styleId === "number" ? data.styleId : null };
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
