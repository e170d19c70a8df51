import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** After a build: brotli and gzip copies of every text asset, served precompressed (no per-request cost). */
const root = path.resolve("build/client");
const TEXT = /\.(js|mjs|css|svg|json|txt|html|map|webmanifest)$/;
let count = 0;
for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} assets`);
