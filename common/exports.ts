/**
 * Every place a pack is exported to (decisions 0025, 0043): the targets, iMessage's sizes and the steps
 * each place's row on the pack page and its read-me show — one list for the server's layouts
 * (server/exports/pack-layouts.ts) and the pack page's panel.
 */

export const PACK_EXPORT_TARGETS = [
  "whatsapp",
  "telegram",
  "telegram-emoji",
  "signal",
  "discord",
  "slack",
  "imessage",
  "originals",
] as const;
export type PackExportTarget = (typeof PACK_EXPORT_TARGETS)[number];

export function isPackExportTarget(value: string): value is PackExportTarget {
  return (PACK_EXPORT_TARGETS as readonly string[]).includes(value);
}

/** iMessage's three grid sizes (Apple's sticker sizes 300, 408 and 618 px); regular unless asked. */
export const IMESSAGE_SIZES = { small: 300, regular: 408, large: 618 } as const;
export type IMessageSize = keyof typeof IMESSAGE_SIZES;

export function isIMessageSize(value: string | undefined): value is IMessageSize {
  return value !== undefined && Object.hasOwn(IMESSAGE_SIZES, value);
}

/**
 * How to add each place's file, in order: catalog keys under `packExport.{section}`. The panel shows
 * them all; the read-mes of the zips (every target but WhatsApp's and the originals) repeat them.
 */
export const PACK_EXPORT_STEPS: Record<Exclude<PackExportTarget, "originals">, { section: string; steps: readonly string[] }> = {
  whatsapp: { section: "whatsapp", steps: ["note"] },
  telegram: { section: "telegram", steps: ["stepOpen", "stepNewPack", "stepName", "stepSend", "stepPublish", "stepShortName"] },
  "telegram-emoji": { section: "telegramEmoji", steps: ["stepOpen", "stepNewPack", "stepSend", "stepPublish"] },
  signal: { section: "signal", steps: ["stepOpen", "stepAdd", "stepEmoji", "stepDetails", "stepUpload"] },
  discord: { section: "discord", steps: ["stepSettings", "stepStickers", "stepEmoji"] },
  slack: { section: "slack", steps: ["stepOpen", "stepAdd"] },
  imessage: { section: "imessage", steps: ["stepProject", "stepReplace", "stepRun"] },
};
