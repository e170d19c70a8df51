/** A style as the create panel lists it (spec §7 GET /api/style/page). */
export interface StyleItem {
  id: number;
  key: string;
  /** The style's name in the caller's language (English when a name is missing). */
  name: string;
  /** The preview image's path under /files, or null before one is made. */
  previewUrl: string | null;
}
