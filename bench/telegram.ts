/**
 * "Add to Telegram" (decision 0044) against the local stand-in of the Bot API with its rate limit on
 * (10 calls a minute, then 429 with retry_after 2 s, waited out for real): a 30-sticker pack from the
 * add call to a complete set (target ≤ 20 s), then an update after 5 of its stickers were swapped for
 * new ones (target ≤ 5 s). The embedded default (PGlite), jobs in this process, files made on the spot.
 * Run: npm run bench:telegram
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { bootAppContext } from "#server/boot.ts";
import { packStickers, packs, telegramSets, users } from "#server/db/schema.ts";
import { completeTelegramLink, startTelegramLink } from "#server/telegram/link-account.ts";
import { addPackToTelegram } from "#server/telegram/pack-sets.ts";
import { startTelegramWorkers } from "#server/telegram/telegram-queue.ts";
import { addPack, addSticker, diskSticker, type MadeSticker } from "#tests/support/export-packs.ts";
import { startTelegramStandIn } from "#tests/support/telegram-bot-api.ts";

const TOKEN = "7000003:stand-in-token-for-the-telegram-bench";
const BOT = "StickerStudioBenchBot";
const TELEGRAM_USER = 424_242;
const TARGET_CREATE_MS = 20_000;
const TARGET_UPDATE_MS = 5_000;

const standIn = await startTelegramStandIn({
  token: TOKEN,
  botUsername: BOT,
  rateLimit: { burst: 10, perSeconds: 60, retryAfter: 2 },
});
const dataDir = await mkdtemp(path.join(tmpdir(), "bench-telegram-"));
const app = await bootAppContext({
  LOG_LEVEL: "error",
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_API_URL: standIn.url,
  TELEGRAM_BOT_USERNAME: BOT,
});
const workers = await startTelegramWorkers(app);

/** Distinct colours, so every sticker is its own picture and its own file. */
const colour = (index: number): [number, number, number] => [
  (index * 53) % 256,
  (index * 97 + 40) % 256,
  (index * 151 + 90) % 256,
];

async function settled(setId: number, after: Date): Promise<void> {
  for (;;) {
    const [set] = await app.database.db.select().from(telegramSets).where(eq(telegramSets.id, setId));
    if (set && set.state === "failed") throw new Error(`the set failed: ${set.error}`);
    if (set && set.state === "ready" && set.syncedAt && set.syncedAt >= after) return;
    await new Promise((done) => setTimeout(done, 20));
  }
}

try {
  const db = app.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: `bench-telegram-${Date.now()}@example.com`, nick: "Bench" })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");
  // The user pressed Start through the deep link (the webhook's part, without a socket).
  standIn.users.set(TELEGRAM_USER, { id: TELEGRAM_USER, firstName: "Bench", blocked: false });
  const { url } = await startTelegramLink(app, user.id);
  const code = new URL(url).searchParams.get("start") as string;
  await completeTelegramLink(app, code, { id: TELEGRAM_USER, firstName: "Bench", language: "en" });

  const stickers: MadeSticker[] = [];
  for (let index = 0; index < 35; index++) {
    stickers.push(
      await addSticker({ app }, await diskSticker(colour(index)), {
        ownerId: user.id,
        visibility: "public",
        name: `bench ${index}`,
      }),
    );
  }
  const packId = await addPack(
    { app },
    {
      ownerId: user.id,
      name: "Thirty",
      visibility: "public",
      stickers: stickers.slice(0, 30).map((sticker) => ({ sticker, emoji: ["⭐"] })),
    },
  );

  const startedCreate = new Date();
  const first = await addPackToTelegram(app, user.id, packId, "en");
  const [row] = await db
    .select()
    .from(telegramSets)
    .where(eq(telegramSets.name, first.link.split("/").at(-1) as string));
  if (!row) throw new Error("no set row");
  await settled(row.id, startedCreate);
  const createMs = Date.now() - startedCreate.getTime();
  const held = standIn.sets.get(row.name.toLowerCase());
  const throttledCreate = standIn.requests.filter((call) => call.status === 429).length;

  // Five stickers swapped for five new ones, in the same places.
  const [pack] = await db.select({ id: packs.id }).from(packs).where(eq(packs.packId, packId));
  for (let index = 0; index < 5; index++) {
    const old = stickers[index * 6] as MadeSticker;
    const fresh = stickers[30 + index] as MadeSticker;
    await db
      .update(packStickers)
      .set({ stickerId: fresh.id })
      .where(and(eq(packStickers.packId, pack!.id), eq(packStickers.stickerId, old.id)));
  }
  const callsBefore = standIn.requests.length;
  const startedUpdate = new Date();
  await addPackToTelegram(app, user.id, packId, "en");
  await settled(row.id, startedUpdate);
  const updateMs = Date.now() - startedUpdate.getTime();
  const updateCalls = standIn.requests.slice(callsBefore);
  const after = standIn.sets.get(row.name.toLowerCase());

  console.log("Add to Telegram against the stand-in (rate limit: 10 calls a minute, then 429, retry after 2 s)");
  console.log(
    `  30-sticker pack, from the add call to a complete set: ${createMs} ms (target ≤ ${TARGET_CREATE_MS}) — ${held?.stickers.length} stickers, ${throttledCreate} answers 429`,
  );
  console.log(
    `  update after 5 stickers were swapped: ${updateMs} ms (target ≤ ${TARGET_UPDATE_MS}) — ${updateCalls.length} calls (${updateCalls.filter((call) => call.status === 429).length} answered 429), ${after?.stickers.length} stickers in the set`,
  );
  const methods = new Map<string, number>();
  for (const call of updateCalls) methods.set(call.method, (methods.get(call.method) ?? 0) + 1);
  console.log(`  the update's calls: ${[...methods].map(([method, count]) => `${method} ×${count}`).join(", ")}`);
  if (createMs > TARGET_CREATE_MS || updateMs > TARGET_UPDATE_MS) process.exitCode = 1;
} finally {
  await workers.stop();
  await app.tasks.stop();
  await app.database.close();
  await standIn.close();
  await rm(dataDir, { recursive: true, force: true });
}
