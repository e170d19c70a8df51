/** Pixel probes shared by the generator's tests. */
import sharp from "sharp";

export interface Decoded {
  width: number;
  height: number;
  alphaAt(x: number, y: number): number;
  rgbAt(x: number, y: number): [number, number, number];
}

export async function decodePng(png: Buffer): Promise<Decoded & { format: string | undefined }> {
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => (y * info.width + x) * 4;
  return {
    format: meta.format,
    width: info.width,
    height: info.height,
    alphaAt: (x, y) => data[at(x, y) + 3] as number,
    rgbAt: (x, y) => [data[at(x, y)] as number, data[at(x, y) + 1] as number, data[at(x, y) + 2] as number],
  };
}

/** Length of the first run of fully opaque pixels met walking right along row `y`: the die-cut border. */
export function firstOpaqueRun(img: Decoded, y: number): number {
  let x = 0;
  while (x < img.width && img.alphaAt(x, y) < 250) x++;
  let run = 0;
  while (x + run < img.width && img.alphaAt(x + run, y) >= 250) run++;
  return run;
}
