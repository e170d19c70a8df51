/** What a report is about: a sticker (`POST /api/sticker/report`) or a pack (`POST /api/pack/report`, decision 0035). */
export type ReportTarget = { kind: "sticker"; stickerInstId: string } | { kind: "pack"; packId: string };

/** The call and body that report `target`, and the catalog keys its dialog reads. */
export function reportCallOf(target: ReportTarget): {
  path: "/api/sticker/report" | "/api/pack/report";
  body: Record<string, string>;
  titleKey: "report.title" | "report.packTitle";
  alreadyKey: "report.already" | "report.packAlready";
} {
  return target.kind === "sticker"
    ? {
        path: "/api/sticker/report",
        body: { stickerInstId: target.stickerInstId },
        titleKey: "report.title",
        alreadyKey: "report.already",
      }
    : {
        path: "/api/pack/report",
        body: { packId: target.packId },
        titleKey: "report.packTitle",
        alreadyKey: "report.packAlready",
      };
}
