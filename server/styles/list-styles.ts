import { asc, count, eq } from "drizzle-orm";
import type { Language } from "#common/languages.ts";
import type { StyleItem } from "#common/styles.ts";
import type { Db } from "../db/client.ts";
import { pictures, styles } from "../db/schema.ts";

export interface StylePage {
  list: StyleItem[];
  total: number;
}

/** One page of styles of a type, in their display order (spec §7 GET /api/style/page). */
export async function listStyles(
  db: Db,
  options: { page: number; size: number; type: number; language: Language },
): Promise<StylePage> {
  const [rows, totals] = await Promise.all([
    db
      .select({ id: styles.id, key: styles.key, names: styles.names, thumbKey: pictures.thumbKey })
      .from(styles)
      .leftJoin(pictures, eq(pictures.id, styles.previewPicId))
      .where(eq(styles.type, options.type))
      .orderBy(asc(styles.sort), asc(styles.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(styles).where(eq(styles.type, options.type)),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.names[options.language] ?? row.names.en ?? row.key,
      previewUrl: row.thumbKey ? `/files/${row.thumbKey}` : null,
    })),
    total: totals[0]?.total ?? 0,
  };
}
