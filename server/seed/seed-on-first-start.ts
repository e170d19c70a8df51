import type { AppContext } from "../context.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { seedDatabase } from "./seed-database.ts";

/** Fills an empty database before the server listens; on later starts it finds everything and returns. */
export async function seedOnFirstStart(app: AppContext) {
  const report = await seedDatabase(app, createOfflineProvider(), { gallerySize: app.config.SEED_GALLERY_SIZE });
  app.log.info(report, report.stickersMade > 0 ? "first start: gallery seeded" : "seed data present");
}
