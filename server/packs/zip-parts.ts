/**
 * A stored zip sent with a few more entries after it (decision 0034): a pack's pictures are stored once
 * as a zip, and its texts (names, emoji, the read-me in the caller's language) are added as it is sent.
 * The stored bytes are sent as they are; only the small entries and a new central directory are made.
 */
import { type Zippable, zipSync } from "fflate";

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_OF_DIRECTORY_SIZE = 22;

interface Directory {
  count: number;
  size: number;
  offset: number;
}

/** The end-of-central-directory record of a zip without a comment (as fflate writes them). */
function directoryOf(zip: Uint8Array): Directory {
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = view.length - END_OF_DIRECTORY_SIZE;
  if (at < 0 || view.readUInt32LE(at) !== END_OF_DIRECTORY) throw new Error("not a zip without a comment");
  return { count: view.readUInt16LE(at + 10), size: view.readUInt32LE(at + 12), offset: view.readUInt32LE(at + 16) };
}

/**
 * The parts of one zip that holds `archive`'s entries, then `extra`'s (deflated, dated `mtime`): the
 * archive's entries as stored, the new entries, then both central directories and a new end record.
 * Concatenated, the parts are a valid zip; the same inputs always give the same bytes.
 */
export function zipWithEntries(archive: Uint8Array, extra: Zippable, mtime: Date): Uint8Array[] {
  if (Object.keys(extra).length === 0) return [archive];
  const base = directoryOf(archive);
  const added = Buffer.from(zipSync(extra, { level: 6, mtime }));
  const more = directoryOf(added);
  // The added entries' directory records point at their local headers: move them past the archive's entries.
  const directory = Buffer.from(added.subarray(more.offset, more.offset + more.size));
  let at = 0;
  for (let index = 0; index < more.count; index += 1) {
    if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error("unexpected zip directory record");
    directory.writeUInt32LE(directory.readUInt32LE(at + 42) + base.offset, at + 42);
    at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  const count = base.count + more.count;
  if (count > 0xffff || archive.length + added.length > 0xffffffff) throw new Error("zip too large without zip64");
  const end = Buffer.alloc(END_OF_DIRECTORY_SIZE);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(base.size + more.size, 12);
  end.writeUInt32LE(base.offset + more.offset, 16);
  return [
    archive.subarray(0, base.offset),
    added.subarray(0, more.offset),
    archive.subarray(base.offset, base.offset + base.size),
    directory,
    end,
  ];
}

/** The names of a zip's entries (as fflate writes them: no comment), in directory order. */
export function entryNamesOf(zip: Uint8Array): string[] {
  const { count, size, offset } = directoryOf(zip);
  const directory = Buffer.from(zip.buffer, zip.byteOffset + offset, size);
  const names: string[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error("unexpected zip directory record");
    const nameLength = directory.readUInt16LE(at + 28);
    names.push(directory.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return names;
}
