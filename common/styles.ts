export type { StyleItem } from "./api/gallery.ts";
