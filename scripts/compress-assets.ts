import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * After a build: brotli and gzip copies of every text asset, served precompressed (no per-request
 * cost). Small files too: a page loads some twenty chunks under 1 kB, and each copy is kept only when
 * it is smaller than the file itself.
 */
const root = path.resolve("build/client");
const TEXT = /\.(js|mjs|css|svg|json|txt|html|map|webmanifest)$/;
let count = 0;
for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  if (brotli.length < body.length || gzip.length < body.length) count += 1;
}
console.log(`compressed ${count} assets`);
