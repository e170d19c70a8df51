/**
 * The little of the tar format a backup needs (POSIX ustar, with a pax `path` record for names past
 * 100 bytes), written and read as streams so an archive of any size passes through in constant
 * memory. No system `tar` is needed; GNU and BSD tar read what this writes (decision 0038).
 */

const BLOCK = 512;
/** ustar's size field holds 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export type TarEntryType = "file" | "directory";

export interface TarEntryToWrite {
  path: string;
  type: TarEntryType;
  /** Bytes of a file (0 for a directory); the body must yield exactly this many. */
  size: number;
  mtime?: Date;
  mode?: number;
  body?: Buffer | AsyncIterable<Buffer>;
}

export interface TarEntryRead {
  path: string;
  type: TarEntryType;
  size: number;
  /** Read it (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** The archive is not a tar this module wrote (damaged, cut short, or something else). */
export class TarFormatError extends Error {
  override name = "TarFormatError";
}

function writeString(header: Buffer, offset: number, length: number, value: string) {
  const bytes = Buffer.from(value, "utf8");
  if (bytes.length > length) throw new Error(`tar field too long: ${value}`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function header(name: string, type: string, size: number, mtime: Date, mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.max(0, Math.floor(mtime.getTime() / 1000)));
  block.write(type, 156, "latin1");
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** One pax record: "<length> path=<value>\n", the length counting itself. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return Buffer.from(`${length}${body}`, "utf8");
}

/** The archive's bytes for these entries, in order, ending with the two empty blocks. */
export async function* writeTar(entries: AsyncIterable<TarEntryToWrite> | Iterable<TarEntryToWrite>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    const size = entry.type === "directory" ? 0 : entry.size;
    if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SIZE)
      throw new Error(`cannot archive ${entry.path}: ${size} bytes`);
    const mtime = entry.mtime ?? new Date(0);
    const name = entry.type === "directory" && !entry.path.endsWith("/") ? `${entry.path}/` : entry.path;
    let shortName = name;
    if (Buffer.byteLength(name) > 100) {
      const record = paxRecord("path", name);
      yield header(`PaxHeader/${name.slice(-80).replace(/^\/+/, "")}`.slice(0, 99), "x", record.length, mtime, 0o644);
      yield record;
      yield padding(record.length);
      shortName = name.slice(-99).replace(/^\/+/, "");
    }
    yield header(
      shortName,
      entry.type === "directory" ? "5" : "0",
      size,
      mtime,
      entry.mode ?? (entry.type === "directory" ? 0o755 : 0o644),
    );
    if (entry.type === "file") {
      let written = 0;
      const body = entry.body ?? Buffer.alloc(0);
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        written += chunk.length;
        if (written > size) throw new Error(`${entry.path} grew while it was archived`);
        yield chunk;
      }
      if (written !== size) throw new Error(`${entry.path} shrank while it was archived`);
      yield padding(size);
    }
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(wanted: number): Promise<void> {
    while (this.buffered < wanted && !this.done) {
      const next = await this.iterator.next();
      if (next.done) {
        this.done = true;
      } else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  /** Exactly `n` bytes, or fewer only when the stream ended. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const taken = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(taken.length);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }

  /** Up to `max` bytes of what has arrived (at least one unless the stream ended). */
  async readSome(max: number): Promise<Buffer> {
    await this.fill(1);
    return this.read(Math.min(max, this.buffered));
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError("a damaged entry header (not a number)");
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function checksumMatches(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return readOctal(block, 148, 8) === sum;
}

function parsePax(body: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = Number(body.subarray(at, space).toString("latin1"));
    if (space === -1 || !Number.isInteger(length) || length <= 0 || at + length > body.length) {
      throw new TarFormatError("a damaged pax header");
    }
    const record = body.subarray(space + 1, at + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}

/**
 * The entries of a tar stream, one at a time. Throws TarFormatError on a damaged header, an entry
 * type a backup never holds (links, devices), or an archive cut short.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntryRead> {
  const reader = new ByteReader(source);
  let paxPath: string | null = null;
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block.length < BLOCK) throw new TarFormatError("the archive ends in the middle (cut short?)");
    if (block.every((byte) => byte === 0)) return;
    if (!checksumMatches(block)) throw new TarFormatError("a damaged entry header (checksum)");
    const type = String.fromCharCode(block[156]!);
    const size = readOctal(block, 124, 12);
    const prefix = readString(block, 345, 155);
    const ownName = readString(block, 0, 100);
    const name = readString(block, 257, 6) === "ustar" && prefix ? `${prefix}/${ownName}` : ownName;
    const skip = padding(size).length;
    if (type === "x" || type === "g") {
      const body = await reader.read(size);
      if (body.length < size) throw new TarFormatError("the archive ends in the middle (cut short?)");
      await reader.read(skip);
      if (type === "x") paxPath = parsePax(body).path ?? null;
      continue;
    }
    if (type !== "0" && type !== "\0" && type !== "5")
      throw new TarFormatError(`an entry of a kind a backup never holds (${name})`);
    const path = (paxPath ?? name).replace(/\/+$/, "");
    paxPath = null;
    let left = type === "5" ? 0 : size;
    async function* body(): AsyncGenerator<Buffer> {
      while (left > 0) {
        const chunk = await reader.readSome(Math.min(left, 1 << 16));
        if (chunk.length === 0) throw new TarFormatError("the archive ends in the middle (cut short?)");
        left -= chunk.length;
        yield chunk;
      }
    }
    yield { path, type: type === "5" ? "directory" : "file", size: type === "5" ? 0 : size, body: body() };
    // Whatever the caller did not read is skipped.
    for await (const _ of body()) {
      // drained
    }
    if (type !== "5" && (await reader.read(skip)).length < skip)
      throw new TarFormatError("the archive ends in the middle (cut short?)");
  }
}
