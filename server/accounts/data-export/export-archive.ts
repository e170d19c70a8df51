/**
 * "Download my data" (decision 0037): one zip of everything of the account, written as it is sent.
 *   account.json     the account: address, display name, language, created, plan, points, invite code
 *   payments.json    its subscriptions and payments (the records kept after a deletion)
 *   ledger.json      every change of its points balance
 *   favourites.json  the stickers it favourited that it may still see, with their addresses
 *   stickers/…png    each of its stickers as stored (the 512 px PNG), named by the sticker's id
 *   account/avatar.webp  its profile picture, when it has one
 *   stickers.json    its stickers: name, prompt, style, visibility, created, address and file
 *   packs.json       its packs, each with its stickers in order and their emoji
 * Pictures are read from storage one at a time and stored as they are (already compressed); the texts
 * are deflated. The zip writer is fflate's, as for pack exports (zip-parts.ts), in its streaming form,
 * so an account of any size never sits in memory: one picture and the zip's directory at most.
 */
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Storage } from "#server/storage/storage.ts";
import { AVATAR_FILE, type OwnData } from "./read-own-data.ts";

interface ArchiveEntry {
  name: string;
  body: Uint8Array;
  /** Deflated (texts) or stored as they are (pictures). */
  deflate: boolean;
  mtime: Date;
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** The archive's entries in order, each picture read from storage only when the zip asks for it. */
async function* entriesOf(data: OwnData, storage: Storage, now: Date): AsyncGenerator<ArchiveEntry> {
  const text = (name: string, value: unknown): ArchiveEntry => ({ name, body: json(value), deflate: true, mtime: now });
  yield text("account.json", data.account);
  yield text("payments.json", data.payments);
  yield text("ledger.json", data.ledger);
  yield text("favourites.json", data.favourites);
  const missing = new Set<string>();
  for (const sticker of data.stickers) {
    const file = await storage.get(sticker.pngKey);
    if (!file || !sticker.index.file) {
      missing.add(sticker.index.stickerInstId);
      continue;
    }
    yield { name: sticker.index.file, body: new Uint8Array(file.body), deflate: false, mtime: sticker.createdAt };
  }
  const avatar = data.avatarKey ? await storage.get(data.avatarKey) : null;
  if (avatar) yield { name: AVATAR_FILE, body: new Uint8Array(avatar.body), deflate: false, mtime: now };
  yield text(
    "stickers.json",
    data.stickers.map((sticker) => (missing.has(sticker.index.stickerInstId) ? { ...sticker.index, file: null } : sticker.index)),
  );
  yield text(
    "packs.json",
    data.packs.map((pack) => ({
      ...pack,
      stickers: pack.stickers.map((place) => (missing.has(place.stickerInstId) ? { ...place, file: null } : place)),
    })),
  );
}

/** The account's archive as a byte stream: each pull adds the next entry. */
export function exportArchiveStream(data: OwnData, storage: Storage, now: Date): ReadableStream<Uint8Array> {
  const entries = entriesOf(data, storage, now);
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const next = await entries.next();
      if (next.done) {
        zip.end();
        return;
      }
      const entry = next.value;
      const file = entry.deflate ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      file.mtime = entry.mtime;
      zip.add(file);
      file.push(entry.body, true);
    },
    async cancel() {
      zip.terminate();
      await entries.return(undefined);
    },
  });
}

/** `sticker-studio-data-2026-11-27.zip`: the day it was made. */
export function exportFileName(now: Date): string {
  return `sticker-studio-data-${now.toISOString().slice(0, 10)}.zip`;
}
