import { basePathOf, type Language } from "./languages.ts";

/**
 * The installed app's look (decision 0045): its icons, made from public/favicon.svg by
 * scripts/make-app-icons.ts, and the colours its manifest and the page's head both name.
 */
export interface AppIcon {
  src: string;
  size: number;
  /** "maskable": full-bleed, the logo inside the central 80% circle a launcher may cut to. */
  purpose: "any" | "maskable";
}

export const APP_ICONS: readonly AppIcon[] = [
  { src: "/icons/icon-192.png", size: 192, purpose: "any" },
  { src: "/icons/icon-512.png", size: 512, purpose: "any" },
  { src: "/icons/icon-maskable-512.png", size: 512, purpose: "maskable" },
];

/** iOS's home-screen icon (it reads no manifest icons); opaque, as iOS fills transparency with black. */
export const APPLE_TOUCH_ICON: AppIcon = { src: "/icons/apple-touch-icon.png", size: 180, purpose: "any" };

/** The page's background (Tailwind's stone-50, the body's): the splash screen an installed app opens on. */
export const THEME_BACKGROUND = "#fafaf9";

/** The logo's light tint (`--color-primary-light`): the full-bleed ground of the maskable and iOS icons. */
export const ICON_GROUND = "#e9e1d8";

/** Where a page finds its language's web app manifest (app/root.tsx links it; server/pwa/ serves it). */
export function manifestPathOf(language: Language): string {
  return `${basePathOf(language)}/manifest.webmanifest`;
}
