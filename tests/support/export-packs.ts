/**
 * Packs to export, built as the app stores them (a picture, a sticker row, a pack with its emoji), for
 * the pack export tests of server/packs/ and server/exports/.
 */
import sharp from "sharp";
import type { AppContext } from "#server/context.ts";
import { packStickers, packs, pictures, stickers } from "#server/db/schema.ts";
import { storeStickerImages } from "#server/generation/index.ts";

/** A test app, or anything else holding an app (a bench). */
type HasApp = { app: AppContext };

const SIZE = 512;

/** A sticker as the generator leaves one: a flat disk of one colour on a transparent square. */
export function diskSticker([r, g, b]: [number, number, number]): Promise<Buffer> {
  const data = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      if ((x - 255.5) ** 2 + (y - 255.5) ** 2 > 230 ** 2) continue;
      const i = (y * SIZE + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  return sharp(data, { raw: { width: SIZE, height: SIZE, channels: 4 } })
    .png()
    .toBuffer();
}

export interface MadeSticker {
  id: number;
  picId: string;
  stickerInstId: string;
}

let sequence = 0;

/** Stores the picture (once per colour) and a sticker row using it. */
export async function addSticker(
  t: HasApp,
  png: Buffer,
  sticker: { ownerId: number; visibility: "public" | "private"; name?: string; motion?: "wiggle" },
): Promise<MadeSticker> {
  const stored = await storeStickerImages(t.app.storage, png);
  const db = t.app.database.db;
  await db
    .insert(pictures)
    .values({ id: stored.id, width: SIZE, height: SIZE, pngKey: stored.png, thumbKey: stored.thumb })
    .onConflictDoNothing();
  sequence += 1;
  const [row] = await db
    .insert(stickers)
    .values({
      stickerInstId: `packexport${sequence}x${Math.random().toString(36).slice(2, 8)}`,
      picId: stored.id,
      name: sticker.name ?? "pack export test",
      prompt: sticker.name ?? "pack export test",
      ownerId: sticker.ownerId,
      visibility: sticker.visibility,
      motion: sticker.motion ?? null,
      hotScore: 0,
    })
    .returning({ id: stickers.id, stickerInstId: stickers.stickerInstId });
  return { id: row!.id, picId: stored.id, stickerInstId: row!.stickerInstId };
}

/** A pack row with its stickers at places 0, 1, 2… and their emoji. */
export async function addPack(
  t: HasApp,
  options: {
    ownerId: number;
    name: string;
    visibility: "public" | "private";
    stickers: { sticker: MadeSticker; emoji: string[] }[];
    cover?: MadeSticker;
  },
): Promise<string> {
  sequence += 1;
  const packId = `pk${sequence}x${Math.random().toString(36).slice(2, 10)}`;
  const db = t.app.database.db;
  const [pack] = await db
    .insert(packs)
    .values({
      packId,
      ownerId: options.ownerId,
      name: options.name,
      visibility: options.visibility,
      coverStickerId: options.cover?.id ?? null,
    })
    .returning({ id: packs.id });
  if (options.stickers.length > 0) {
    await db.insert(packStickers).values(
      options.stickers.map((entry, position) => ({
        packId: pack!.id,
        stickerId: entry.sticker.id,
        position,
        emoji: entry.emoji,
      })),
    );
  }
  return packId;
}
