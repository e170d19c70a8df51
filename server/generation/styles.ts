/**
 * The sticker styles: each is an art set preference plus a look (docs/generator.md, "Styles").
 * UI names in other languages live with the UI catalogs.
 */
import type { ArtSetKey } from "./art/art-format.ts";
import type { Decoration } from "./prompt/moods.ts";
import type { DieCutOptions } from "./render/die-cut.ts";
import { pastel, pixelPalette, popArt, retro, watercolor } from "./render/filters.ts";
import type { DisplayFont } from "./render/fonts.ts";
import type { Raster } from "./render/pixels.ts";

export const STYLE_KEYS = ["cartoon", "kawaii", "3d", "line-art", "pixel", "watercolor", "pop-art", "retro"] as const;

export type StyleKey = (typeof STYLE_KEYS)[number];

export interface StyleSpec {
  key: StyleKey;
  name: string;
  /** Art sets in order of preference; every index emoji is in flat or noto. */
  sets: readonly ArtSetKey[];
  font: DisplayFont;
  caption: { fill: string; ink: string };
  dieCut: DieCutOptions;
  /** Side length the scene is drawn at; pixel art draws small and is scaled up without smoothing. */
  resolution: number;
  /** Colour for monochrome sets that paint with currentColor. */
  iconColor?: string;
  decorations?: Decoration[];
  treat?: (art: Raster) => Raster | Promise<Raster>;
}

const WHITE = [255, 255, 255] as const;
const softShadow = { dy: 5, blur: 5, opacity: 0.28 };

export const STYLES: readonly StyleSpec[] = [
  {
    key: "cartoon",
    name: "Cartoon",
    sets: ["flat", "noto"],
    font: "fredoka",
    caption: { fill: "#ffcf33", ink: "#2b2233" },
    dieCut: {
      border: 13,
      borderColor: WHITE,
      rim: { color: [214, 214, 222], width: 1.5 },
      ink: { color: [43, 34, 51], width: 3 },
      shadow: softShadow,
    },
    resolution: 512,
  },
  {
    key: "kawaii",
    name: "Kawaii",
    sets: ["noto", "flat"],
    font: "fredoka",
    caption: { fill: "#ff8fc0", ink: "#7a3d5c" },
    dieCut: {
      border: 15,
      borderColor: WHITE,
      rim: { color: [255, 170, 205], width: 3 },
      shadow: { dy: 4, blur: 5, opacity: 0.18 },
    },
    resolution: 512,
    decorations: [
      { slug: "sparkles", at: "top-left", scale: 0.22 },
      { slug: "sparkling-heart", at: "bottom-right", scale: 0.2 },
    ],
    treat: pastel,
  },
  {
    key: "3d",
    name: "3D",
    sets: ["3d", "flat", "noto"],
    font: "fredoka",
    caption: { fill: "#5cc8ff", ink: "#123a5c" },
    dieCut: {
      border: 12,
      borderColor: WHITE,
      rim: { color: [200, 208, 220], width: 1.5 },
      shadow: { dy: 7, blur: 7, opacity: 0.34 },
    },
    resolution: 512,
  },
  {
    key: "line-art",
    name: "Line art",
    sets: ["high-contrast", "noto"],
    font: "fredoka",
    caption: { fill: "#ffffff", ink: "#1f1f1f" },
    dieCut: {
      border: 12,
      borderColor: WHITE,
      rim: { color: [31, 31, 31], width: 2.5 },
      shadow: { dy: 3, blur: 3, opacity: 0.16 },
    },
    resolution: 512,
    iconColor: "#1f1f1f",
  },
  {
    key: "pixel",
    name: "Pixel",
    sets: ["flat", "noto"],
    font: "pixel",
    caption: { fill: "#ffe14d", ink: "#1b1b2f" },
    dieCut: {
      border: 3,
      borderColor: WHITE,
      rim: { color: [27, 27, 47], width: 1 },
      ink: { color: [27, 27, 47], width: 1 },
      hardShadow: { dx: 0, dy: 1, color: [90, 90, 120] },
      crisp: true,
    },
    resolution: 128,
    treat: pixelPalette,
  },
  {
    key: "watercolor",
    name: "Watercolor",
    sets: ["noto", "flat"],
    font: "fredoka",
    caption: { fill: "#7fb7e6", ink: "#3d5a80" },
    dieCut: {
      border: 14,
      borderColor: [255, 252, 245],
      rim: { color: [225, 215, 200], width: 2 },
      shadow: { dy: 4, blur: 6, opacity: 0.16 },
    },
    resolution: 512,
    treat: watercolor,
  },
  {
    key: "pop-art",
    name: "Pop art",
    sets: ["flat", "noto"],
    font: "bangers",
    caption: { fill: "#ff3b3b", ink: "#000000" },
    dieCut: {
      border: 12,
      borderColor: [255, 236, 60],
      rim: { color: [0, 0, 0], width: 4 },
      ink: { color: [0, 0, 0], width: 5 },
      hardShadow: { dx: 7, dy: 7, color: [0, 0, 0] },
    },
    resolution: 512,
    treat: popArt,
  },
  {
    key: "retro",
    name: "Retro",
    sets: ["noto", "flat"],
    font: "fredoka",
    caption: { fill: "#e8743b", ink: "#4a2c1a" },
    dieCut: {
      border: 14,
      borderColor: [255, 243, 220],
      rim: { color: [122, 78, 45], width: 3 },
      hardShadow: { dx: 6, dy: 6, color: [196, 120, 64] },
    },
    resolution: 512,
    treat: retro,
  },
];

const BY_KEY = new Map(STYLES.map((s) => [s.key, s]));

export function styleOf(key: string): StyleSpec | undefined {
  return BY_KEY.get(key as StyleKey);
}
