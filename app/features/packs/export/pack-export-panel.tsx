import type { PackDetail } from "#common/packs.ts";

/** The pack page's export panel: a stub until helper H3's panel replaces this file. */
export function PackExportPanel(_props: { pack: PackDetail }) {
  return null;
}
