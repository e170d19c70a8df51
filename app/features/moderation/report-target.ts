import { api } from "#app/lib/api/api.ts";
import type { ReportReason } from "#common/moderation.ts";

/** What a report is about: a sticker (`POST /api/sticker/report`) or a pack (`POST /api/pack/report`, decision 0035). */
export type ReportTarget = { kind: "sticker"; stickerInstId: string } | { kind: "pack"; packId: string };

/** The call that reports `target`, and the catalog keys its dialog reads. */
export function reportCallOf(target: ReportTarget): {
  send: (reason: ReportReason, note: string) => Promise<unknown>;
  titleKey: "report.title" | "report.packTitle";
  alreadyKey: "report.already" | "report.packAlready";
} {
  return target.kind === "sticker"
    ? {
        send: (reason, note) => api.report.sticker({ stickerInstId: target.stickerInstId, reason, note }),
        titleKey: "report.title",
        alreadyKey: "report.already",
      }
    : {
        send: (reason, note) => api.report.pack({ packId: target.packId, reason, note }),
        titleKey: "report.packTitle",
        alreadyKey: "report.packAlready",
      };
}
