/**
 * Sharing a sticker's file itself to the system share sheet (decision 0046), loaded on the first press
 * (first-load budget). The files are the ones the viewer may already download, under the same privacy
 * and mark rules: the messenger WebP with its small mark (`/files/export/{picId}/whatsapp.webp`), the
 * animated WebP of a moving sticker (`/files/motion/…/webp`), and where the device cannot share WebP
 * the watermarked PNG download (a GIF for a moving one). They are fetched only now, with progress.
 * Where files cannot be shared at all: the page's link (share sheet, else copied), else a download.
 */
import { toastError, toastSuccess } from "#app/lib/toast.ts";
import type { MotionPreset } from "#common/motion.ts";
import { stickerSlug } from "#common/stickers.ts";
import { motionDownloadPath } from "../motion/motion-files.ts";

export interface ShareableSticker {
  picId: string;
  name: string;
  motion: MotionPreset | null;
}

interface FileChoice {
  path: string;
  type: string;
  extension: string;
}

/** The file of each format, best first: WebP (animated where it moves), then PNG (GIF where it moves). */
function choicesOf(sticker: ShareableSticker): FileChoice[] {
  if (sticker.motion) {
    return [
      { path: motionDownloadPath(sticker.picId, sticker.motion, "webp"), type: "image/webp", extension: "webp" },
      { path: motionDownloadPath(sticker.picId, sticker.motion, "gif"), type: "image/gif", extension: "gif" },
    ];
  }
  return [
    { path: `/files/export/${sticker.picId}/whatsapp.webp`, type: "image/webp", extension: "webp" },
    { path: `/files/download/${sticker.picId}`, type: "image/png", extension: "png" },
  ];
}

/** Whether this device's share sheet takes a file of `type` (asked with an empty stand-in, nothing fetched). */
function canShareType(type: string): boolean {
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(1)], "sticker", { type })] });
  } catch {
    return false;
  }
}

/** Reads a file, telling how far it is (0–1; null while its size is unknown). */
async function fetchWithProgress(path: string, onProgress: (done: number | null) => void): Promise<Blob> {
  const answer = await fetch(path, { credentials: "same-origin" });
  if (!answer.ok || !answer.body) throw new Error(`sticker file ${answer.status}`);
  const total = Number(answer.headers.get("content-length")) || 0;
  const reader = answer.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(total > 0 ? Math.min(1, received / total) : null);
  }
  return new Blob(parts, { type: answer.headers.get("content-type") ?? "" });
}

export type ShareOutcome =
  /** Shared, cancelled (silent), or handed over as a link, copied or downloaded. */
  | { kind: "done" }
  /** The files are ready but the browser wants a fresh tap to open the sheet (the fetch took too long). */
  | { kind: "tapAgain"; share: () => Promise<ShareOutcome> };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** The page's link: the share sheet, else the clipboard, else the file downloaded (spec §8: cancel is silent). */
async function shareLink(o: ShareRequest): Promise<ShareOutcome> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: o.title, url: o.url });
      return { kind: "done" };
    } catch (error) {
      if (isAbort(error)) return { kind: "done" };
    }
  }
  try {
    await navigator.clipboard.writeText(o.url);
    toastSuccess(o.t("stickerActions.linkCopied"));
  } catch {
    const first = o.stickers[0];
    if (!first) return { kind: "done" };
    const choice = choicesOf(first).at(-1)!;
    const link = document.createElement("a");
    link.href = choice.path;
    link.download = `${stickerSlug(first.name) || "sticker"}.${choice.extension}`;
    link.click();
  }
  return { kind: "done" };
}

export interface ShareRequest {
  stickers: ShareableSticker[];
  title: string;
  url: string;
  t: (key: string) => string;
  /** 0–1 while the files come, null while their size is unknown. */
  onProgress: (done: number | null) => void;
}

async function openSheet(files: File[], o: ShareRequest): Promise<ShareOutcome> {
  try {
    await navigator.share({ files, title: o.title, url: o.url });
    return { kind: "done" };
  } catch (error) {
    if (isAbort(error)) return { kind: "done" };
    // The sheet needs a user's tap that is recent: after a slow fetch the page asks for one more.
    if (error instanceof DOMException && error.name === "NotAllowedError") {
      return { kind: "tapAgain", share: () => openSheet(files, o) };
    }
    return shareLink(o);
  }
}

/** Shares the stickers' files (one for a sticker, a few for a pack), or falls back to the link. */
export async function shareStickerFiles(o: ShareRequest): Promise<ShareOutcome> {
  if (typeof navigator.canShare !== "function" || typeof navigator.share !== "function" || o.stickers.length === 0) {
    return shareLink(o);
  }
  const picked = o.stickers.map((sticker) => choicesOf(sticker).find((choice) => canShareType(choice.type)));
  if (picked.some((choice) => choice === undefined)) return shareLink(o);
  let files: File[];
  try {
    const done = picked.map(() => 0);
    files = await Promise.all(
      picked.map(async (choice, index) => {
        const { path, type, extension } = choice!;
        const blob = await fetchWithProgress(path, (part) => {
          done[index] = part ?? 0;
          o.onProgress(part === null ? null : done.reduce((sum, each) => sum + each, 0) / done.length);
        });
        const name = `${stickerSlug(o.stickers[index]!.name) || "sticker"}.${extension}`;
        return new File([blob], name, { type });
      }),
    );
  } catch (error) {
    toastError(error, o.t);
    return { kind: "done" };
  }
  if (!navigator.canShare({ files, title: o.title, url: o.url })) return shareLink(o);
  return openSheet(files, o);
}
