import type { AppContext } from "../context.ts";
import { withStartupLock } from "../db/startup-lock.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { backfillSubjectTags } from "../search/tag-subjects.ts";
import { type SeedReport, seedDatabase } from "./seed-database.ts";

/**
 * Fills an empty database before the server listens; on later starts it finds everything and returns.
 * On PostgreSQL one process seeds while the others starting with it wait, then find it done (decision 0020).
 */
export async function seedOnFirstStart(app: AppContext): Promise<SeedReport> {
  const report = await withStartupLock(app.database.pool, "seed", () =>
    seedDatabase(app, createOfflineProvider(), { gallerySize: app.config.SEED_GALLERY_SIZE }),
  );
  app.log.info(report, report.stickersMade > 0 ? "first start: gallery seeded" : "seed data present");
  // Stickers from before subject tags (decision 0030), a bounded batch per start.
  const tagged = await withStartupLock(app.database.pool, "seed", () => backfillSubjectTags(app.database.db));
  if (tagged > 0) app.log.info({ stickers: tagged }, "subject tags added to older stickers");
  return report;
}
