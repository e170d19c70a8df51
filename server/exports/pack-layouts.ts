/**
 * How a pack is laid out for each place stickers live (decisions 0025, 0043): which picture files an
 * export holds, under which names, and the texts added as it is sent (names, emoji, keywords, alt texts
 * and the steps in the caller's language). The pictures part is stored once per pack content
 * (server/packs/export-pack.ts); the texts are not stored, so a language or an emoji edit costs no
 * encoding.
 */
import { type IMessageSize, PACK_EXPORT_STEPS, type PackExportTarget } from "#common/exports.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { PhotoCredit } from "#common/packs.ts";
import type { MotionDownload } from "../motion/motion-downloads.ts";
import type { StickerFileName } from "./sticker-files.ts";
import { discordEmojiName, slackEmojiName } from "./validate/index.ts";

/** A sticker as an export carries it: its picture, and the words every messenger asks for. */
export interface ExportSticker {
  stickerId: number;
  picId: string;
  /** One to three, as the pack stores them (a row without any has FALLBACK_EMOJI). */
  emoji: string[];
  /** The sticker's search words in the caller's language and its own. */
  keywords: string[];
  /** What the sticker shows, for screen readers (WhatsApp's accessibility text, iMessage's label). */
  altText: string;
  /** The sticker's own name (from its prompt, in its language). */
  name: string;
  /** A moving sticker's preset (decision 0041); null for a still one. */
  motion: MotionPreset | null;
}

/** A pack as the caller may export it: only the stickers they may see, in pack order. */
export interface ExportablePack {
  packId: string;
  name: string;
  /** The owner's display name (decision 0036): the publisher every messenger shows. */
  author: string;
  visibility: "public" | "private";
  mine: boolean;
  stickers: ExportSticker[];
  /** The tray icon's or thumbnail's sticker: the cover when the caller sees it, else the first sticker. */
  cover: ExportSticker | null;
  /** Whose photo the stickers were drawn from (decision 0049): the read-me names it, as its licence asks. */
  credit?: PhotoCredit | null;
}

/** Where one picture of an archive comes from. */
export type PictureSource =
  | { kind: "file"; picId: string; name: StickerFileName }
  | { kind: "moving"; picId: string; preset: MotionPreset; format: MotionDownload }
  | { kind: "tray"; picId: string }
  | { kind: "original"; picId: string };

/** One picture entry: its path in the zip, its sticker (null for a tray or thumbnail), and its source. */
export interface PictureEntry {
  path: string;
  stickerId: number | null;
  source: PictureSource;
}

export interface TextContext {
  language: Language;
  /** A short hash of the content (WhatsApp's image_data_version). */
  version: string;
  publicUrl: string;
  size: IMessageSize;
}

/** WhatsApp takes a pack all animated or all still: animated when every sticker moves. */
export function isAnimatedForWhatsApp(pack: Pick<ExportablePack, "stickers">): boolean {
  return pack.stickers.length > 0 && pack.stickers.every((sticker) => sticker.motion !== null);
}

/** `01`, `02`… (three digits past 99: Telegram sets hold up to 120). */
export function fileNumber(index: number, count: number): string {
  return String(index + 1).padStart(count > 99 ? 3 : 2, "0");
}

/** Telegram's keywords: at most 20, together at most 64 characters (the Bot API's rule). */
export function telegramKeywords(keywords: readonly string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const keyword of keywords) {
    if (kept.length === 20 || length + keyword.length > 64) break;
    kept.push(keyword);
    length += keyword.length;
  }
  return kept;
}

/** Names made unique in one archive: a second "cat" is "cat_2" (Discord and Slack refuse two the same). */
function uniqueNames(names: string[], join: string): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}${join}${count}`;
  });
}

/**
 * Each sticker's emoji name for Discord or Slack: from the first of its keywords (then its name)
 * written in letters those apps take, else numbered ("sticker_03").
 */
export function emojiNames(pack: ExportablePack, target: "discord" | "slack"): string[] {
  const make = target === "discord" ? discordEmojiName : slackEmojiName;
  const names = pack.stickers.map((sticker, index) => {
    const numbered = make("", index + 1);
    for (const text of [...sticker.keywords, sticker.name]) {
      const name = make(text, index + 1);
      if (name !== numbered) return name;
    }
    return numbered;
  });
  return uniqueNames(names, "_");
}

const IMESSAGE_PACK = "Stickers.xcstickers/Sticker Pack.stickerpack";

/** The picture entries of `target`, in the order they are zipped. */
export function pictureEntries(pack: ExportablePack, target: PackExportTarget, size: IMessageSize): PictureEntry[] {
  const count = pack.stickers.length;
  const each = (make: (sticker: ExportSticker, number: string, index: number) => PictureEntry[]) =>
    pack.stickers.flatMap((sticker, index) => make(sticker, fileNumber(index, count), index));
  const file = (picId: string, name: StickerFileName): PictureSource => ({ kind: "file", picId, name });
  const cover = pack.cover ?? pack.stickers[0];
  switch (target) {
    case "whatsapp": {
      const animated = isAnimatedForWhatsApp(pack);
      const tray: PictureEntry[] = cover
        ? [{ path: "tray.png", stickerId: null, source: { kind: "tray", picId: cover.picId } }]
        : [];
      return [
        ...tray,
        ...each((s, n) => [
          {
            path: `${n}.webp`,
            stickerId: s.stickerId,
            source:
              animated && s.motion
                ? { kind: "moving", picId: s.picId, preset: s.motion, format: "webp" }
                : file(s.picId, "whatsapp.webp"),
          },
        ]),
      ];
    }
    case "telegram": {
      const thumbnail: PictureEntry[] = cover
        ? [{ path: "thumbnail.png", stickerId: null, source: file(cover.picId, "telegram-thumbnail.png") }]
        : [];
      return [
        ...each((s, n) => [
          s.motion
            ? {
                path: `${n}.webm`,
                stickerId: s.stickerId,
                source: { kind: "moving", picId: s.picId, preset: s.motion, format: "webm" },
              }
            : { path: `${n}.png`, stickerId: s.stickerId, source: file(s.picId, "telegram.png") },
        ]),
        ...thumbnail,
      ];
    }
    case "telegram-emoji":
      return each((s, n) => [{ path: `${n}.png`, stickerId: s.stickerId, source: file(s.picId, "telegram-emoji.png") }]);
    case "signal":
      return each((s, n) => [{ path: `${n}.webp`, stickerId: s.stickerId, source: file(s.picId, "signal.webp") }]);
    case "discord": {
      const names = emojiNames(pack, "discord");
      return each((s, n, index) => [
        { path: `stickers/${n}.png`, stickerId: s.stickerId, source: file(s.picId, "discord-sticker.png") },
        { path: `emoji/${names[index]}.png`, stickerId: s.stickerId, source: file(s.picId, "discord-emoji.png") },
      ]);
    }
    case "slack": {
      const names = emojiNames(pack, "slack");
      return each((s, _n, index) => [
        { path: `${names[index]}.png`, stickerId: s.stickerId, source: file(s.picId, "slack-emoji.png") },
      ]);
    }
    case "imessage":
      return each((s, n) => [
        {
          path: `${IMESSAGE_PACK}/${n}.sticker/${n}.png`,
          stickerId: s.stickerId,
          source: file(s.picId, `imessage-${size}.png`),
        },
      ]);
    case "originals":
      return each((s, n) => [{ path: `${n}.png`, stickerId: s.stickerId, source: { kind: "original", picId: s.picId } }]);
  }
}

function steps(language: Language, section: string, keys: readonly string[]): string {
  return keys.map((key, index) => `${index + 1}. ${translate(language, `packExport.${section}.${key}`)}`).join("\n");
}

/** The read-me of a target: the pack's name, what the files are, and the steps to add them. */
export function readme(
  pack: Pick<ExportablePack, "name" | "author" | "credit">,
  target: PackExportTarget,
  language: Language,
): string {
  const section = target === "originals" ? undefined : PACK_EXPORT_STEPS[target];
  if (!section) return "";
  const t = (key: string) => translate(language, `packExport.${section.section}.${key}`);
  const credit = pack.credit ? `\n${creditLine(pack.credit, language)}\n` : "";
  return `${pack.name}\n${pack.author}\n${credit}\n${t("readmeIntro")}\n\n${steps(language, section.section, section.steps)}\n`;
}

/** A photo pack's credit in words (decision 0049): the author, the photo's address, the licence and its address. */
export function creditLine(credit: PhotoCredit, language: Language): string {
  return `${translate(language, "firstStart.photoCredit", { author: credit.author })} ${credit.sourceUrl} · ${credit.licence} ${credit.licenceUrl}`;
}

const text = (value: string) => new TextEncoder().encode(value);
const json = (value: unknown) => text(`${JSON.stringify(value, null, 2)}\n`);

/** The text entries of `target` for the stickers whose pictures are in the archive, in pack order. */
export function textEntries(
  pack: ExportablePack,
  inArchive: readonly { sticker: ExportSticker; number: string }[],
  target: PackExportTarget,
  context: TextContext,
): Record<string, Uint8Array> {
  const { language } = context;
  const withReadme = (entries: Record<string, Uint8Array>) => ({
    ...entries,
    "README.txt": text(readme(pack, target, language)),
  });
  switch (target) {
    case "originals":
      return {};
    case "whatsapp": {
      const animated = isAnimatedForWhatsApp(pack);
      // WhatsApp's own sticker-pack manifest (the layout of its sample apps' contents.json).
      const contents = {
        android_play_store_link: "",
        ios_app_store_link: "",
        sticker_packs: [
          {
            identifier: pack.packId,
            name: pack.name,
            publisher: pack.author,
            tray_image_file: "tray.png",
            image_data_version: context.version,
            avoid_cache: false,
            publisher_email: "",
            publisher_website: context.publicUrl,
            privacy_policy_website: "",
            license_agreement_website: "",
            animated_sticker_pack: animated,
            stickers: inArchive.map(({ sticker, number }) => ({
              image_file: `${number}.webp`,
              emojis: sticker.emoji.slice(0, 3),
              accessibility_text: sticker.altText.slice(0, animated ? 255 : 125),
            })),
          },
        ],
      };
      return { "title.txt": text(pack.name), "author.txt": text(pack.author), "contents.json": json(contents) };
    }
    case "telegram": {
      const lines = inArchive.map(
        ({ sticker, number }) => `${number}.${sticker.motion ? "webm" : "png"} ${sticker.emoji.join(" ")}`,
      );
      const keywords = inArchive.map(
        ({ sticker, number }) => `${number}.${sticker.motion ? "webm" : "png"} ${telegramKeywords(sticker.keywords).join(", ")}`,
      );
      return withReadme({ "emoji.txt": text(`${lines.join("\n")}\n`), "keywords.txt": text(`${keywords.join("\n")}\n`) });
    }
    case "telegram-emoji":
    case "signal": {
      const extension = target === "signal" ? "webp" : "png";
      const lines = inArchive.map(({ sticker, number }) => `${number}.${extension} ${sticker.emoji[0]}`);
      return withReadme({ "emoji.txt": text(`${lines.join("\n")}\n`) });
    }
    case "discord": {
      const names = emojiNames(pack, "discord");
      const rows = inArchive.map(({ sticker, number }) => {
        const index = pack.stickers.indexOf(sticker);
        return {
          file: `stickers/${number}.png`,
          name: discordStickerName(sticker, number),
          tags: sticker.emoji[0],
          description: sticker.altText.slice(0, 100),
          emoji: `emoji/${names[index]}.png`,
          emojiName: names[index],
        };
      });
      return withReadme({ "discord.json": json({ stickers: rows }) });
    }
    case "slack":
      return withReadme({});
    case "imessage": {
      const info = { author: "xcode", version: 1 };
      const entries: Record<string, Uint8Array> = {
        "Stickers.xcstickers/Contents.json": json({ info }),
        [`${IMESSAGE_PACK}/Contents.json`]: json({
          info,
          properties: { "grid-size": context.size },
          stickers: inArchive.map(({ number }) => ({ filename: `${number}.sticker` })),
        }),
      };
      for (const { sticker, number } of inArchive) {
        entries[`${IMESSAGE_PACK}/${number}.sticker/Contents.json`] = json({
          info,
          properties: { filename: `${number}.png`, "accessibility-label": sticker.altText },
        });
      }
      return withReadme(entries);
    }
  }
}

/** Discord's sticker name (2–30 characters): the sticker's name, else "Sticker 01". */
function discordStickerName(sticker: ExportSticker, number: string): string {
  const name = sticker.name.trim().slice(0, 30).trim();
  return [...name].length >= 2 ? name : `Sticker ${number}`;
}
