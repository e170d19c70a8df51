import { z } from "zod";

/** Page numbers start at 1; a page size is 1–100 (larger asks get a clear INVALID_INPUT). */
const MAX_PAGE_SIZE = 100;

export const pageInput = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
};
