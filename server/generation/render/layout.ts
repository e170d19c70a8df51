/**
 * Where each planned subject goes on the 512 canvas (docs/generator.md, "Text → sticker"): "and" side
 * by side, held things ("with", "holding") bottom-right, worn things on the head or eyes, "to X"
 * top-right, "on X" under.
 */
import type { Decoration, Placement } from "../prompt/moods.ts";
import { WEARABLES } from "../prompt/moods.ts";
import type { StickerPlan } from "../prompt/parse-prompt.ts";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlacedIcon {
  slug: string;
  x: number;
  y: number;
  size: number;
  /** Secondary things get their own thin white outline over what lies behind them. */
  outlined: boolean;
}

export interface StickerLayout {
  icons: PlacedIcon[];
  caption: Box | null;
}

export const CANVAS = 512;
const MIN = 22;
const MAX = CANVAS - 22;

function clampIcon(icon: PlacedIcon): PlacedIcon {
  const size = Math.min(icon.size, MAX - MIN);
  return {
    ...icon,
    size,
    x: Math.min(Math.max(icon.x, MIN), MAX - size),
    y: Math.min(Math.max(icon.y, MIN), MAX - size),
  };
}

function around(main: PlacedIcon, at: Placement, size: number): { x: number; y: number } {
  const s = main.size;
  switch (at) {
    case "eyes":
      return { x: main.x + (s - size) / 2, y: main.y + s * 0.47 - size * 0.28 };
    case "head":
      return { x: main.x + (s - size) / 2, y: main.y - size * 0.42 };
    case "top-right":
      return { x: main.x + s - size * 0.75, y: main.y - size * 0.15 };
    case "top-left":
      return { x: main.x - size * 0.2, y: main.y - size * 0.05 };
    case "bottom-left":
      return { x: main.x - size * 0.2, y: main.y + s - size * 0.85 };
    case "bottom-right":
      return { x: main.x + s - size * 0.8, y: main.y + s - size * 0.85 };
  }
}

export function layoutSticker(plan: StickerPlan, extraDecorations: Decoration[] = []): StickerLayout {
  if (plan.subjects.length === 0) {
    return { icons: [], caption: { x: 44, y: 130, w: 424, h: 252 } };
  }
  const area: Box = plan.caption ? { x: 70, y: 34, w: 372, h: 326 } : { x: 44, y: 44, w: 424, h: 424 };
  const caption: Box | null = plan.caption ? { x: 34, y: 364, w: 444, h: 112 } : null;
  const m = Math.min(area.w, area.h);
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h / 2;
  const [first, ...others] = plan.subjects;
  const beside = others.filter((o) => o.relation !== "worn");
  const worn = others.filter((o) => o.relation === "worn");
  const hasHat = worn.some((w) => WEARABLES.get(w.slug) === "head");

  const behind: PlacedIcon[] = [];
  const front: PlacedIcon[] = [];
  let main: PlacedIcon;
  const second = beside[0];
  if (!second) {
    const size = m * (hasHat ? 0.8 : 0.92);
    main = { slug: first?.slug ?? "", x: cx - size / 2, y: cy - size / 2 + (hasHat ? m * 0.09 : 0), size, outlined: false };
  } else if (second.relation === "side") {
    const size = Math.min(area.w * 0.53, area.h * 0.85);
    main = { slug: first?.slug ?? "", x: area.x, y: cy - size / 2, size, outlined: false };
    front.push({ slug: second.slug, x: area.x + area.w - size, y: cy - size / 2 + size * 0.06, size, outlined: true });
  } else if (second.relation === "target") {
    const size = m * 0.68;
    main = { slug: first?.slug ?? "", x: area.x, y: area.y + area.h - size, size, outlined: false };
    const t = m * 0.42;
    front.push({ slug: second.slug, x: area.x + area.w - t, y: area.y, size: t, outlined: true });
  } else if (second.relation === "under") {
    const base = m * 0.78;
    const size = m * 0.7;
    behind.push({ slug: second.slug, x: cx - base / 2, y: area.y + area.h - base * 0.78, size: base, outlined: false });
    main = { slug: first?.slug ?? "", x: cx - size / 2, y: area.y, size, outlined: true };
  } else {
    const size = m * 0.8;
    main = { slug: first?.slug ?? "", x: area.x, y: area.y, size, outlined: false };
    const h = m * 0.48;
    front.push({ slug: second.slug, x: area.x + area.w - h, y: area.y + area.h - h, size: h, outlined: true });
  }
  const third = beside[1];
  if (third) {
    const t = m * 0.36;
    front.push({ slug: third.slug, x: area.x, y: area.y + area.h - t, size: t, outlined: true });
  }
  for (const w of worn) {
    const at = WEARABLES.get(w.slug) ?? "head";
    const size = main.size * (at === "eyes" ? 0.66 : 0.56);
    front.push({ slug: w.slug, ...around(main, at, size), size, outlined: true });
  }
  const used = new Set<Placement>();
  for (const dec of [...plan.decorations, ...extraDecorations]) {
    if (used.has(dec.at)) continue;
    used.add(dec.at);
    const size = main.size * dec.scale;
    front.push({ slug: dec.slug, ...around(main, dec.at, size), size, outlined: true });
  }
  return { icons: [...behind, main, ...front].map(clampIcon), caption };
}
