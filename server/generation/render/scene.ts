/** The layout as one SVG of emoji icons, drawn by resvg at the style's resolution. */
import { Resvg } from "@resvg/resvg-js";
import type { ArtStore } from "../art/art-store.ts";
import type { StyleSpec } from "../styles.ts";
import type { PlacedIcon } from "./layout.ts";
import { CANVAS } from "./layout.ts";
import type { Raster } from "./pixels.ts";
import { unpremultiply } from "./pixels.ts";

/** A thin white edge around secondary things so they separate from what lies behind them. */
const EDGE_FILTER = `<filter id="edge" x="-15%" y="-15%" width="130%" height="130%">
<feMorphology in="SourceAlpha" operator="dilate" radius="4" result="grown"/>
<feFlood flood-color="#fff"/><feComposite in2="grown" operator="in" result="edge"/>
<feMerge><feMergeNode in="edge"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

export function sceneSvg(icons: PlacedIcon[], style: StyleSpec, art: ArtStore): string {
  const parts: string[] = [];
  for (const placed of icons) {
    const icon = art.icon(placed.slug, style.sets);
    if (!icon) continue;
    const color = style.iconColor && icon.set === "high-contrast" ? ` color="${style.iconColor}"` : "";
    const svg = `<svg x="${placed.x.toFixed(1)}" y="${placed.y.toFixed(1)}" width="${placed.size.toFixed(1)}" height="${placed.size.toFixed(1)}" viewBox="0 0 ${icon.width} ${icon.height}"${color}>${icon.body}</svg>`;
    parts.push(placed.outlined ? `<g filter="url(#edge)">${svg}</g>` : svg);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${CANVAS}" height="${CANVAS}" viewBox="0 0 ${CANVAS} ${CANVAS}"><defs>${EDGE_FILTER}</defs>${parts.join("")}</svg>`;
}

export function renderScene(svg: string, resolution: number): Raster {
  const rendered = new Resvg(svg, {
    fitTo: { mode: "width", value: resolution },
    font: { loadSystemFonts: false },
    shapeRendering: resolution < CANVAS ? 1 : 2,
  }).render();
  return { data: unpremultiply(rendered.pixels), width: rendered.width, height: rendered.height };
}
