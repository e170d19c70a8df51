/**
 * The small four-point star "sparkle" draws around the subject: a golden star with a white heart and a
 * dark outline, so it shows on light and dark chats alike. Drawn once, in code, premultiplied.
 */

export interface StarSprite {
  size: number;
  pixels: Float32Array;
}

const SIZE = 96;
/** Supersampling per side, for smooth edges. */
const SUB = 4;

let sprite: StarSprite | null = null;

/** How far a point is along the star's shape: below 1 inside, 1 on its edge (a concave four-point star). */
function starReach(x: number, y: number): number {
  return Math.sqrt(Math.abs(x)) + Math.sqrt(Math.abs(y));
}

export function starSprite(): StarSprite {
  if (sprite) return sprite;
  const pixels = new Float32Array(SIZE * SIZE * 4);
  const outline = 1.12;
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUB; sy++) {
        for (let sx = 0; sx < SUB; sx++) {
          // -1..1 across the sprite, with the outline's room at the tips.
          const x = (((px + (sx + 0.5) / SUB) / SIZE) * 2 - 1) * outline;
          const y = (((py + (sy + 0.5) / SUB) / SIZE) * 2 - 1) * outline;
          const reach = starReach(x, y);
          if (reach > outline) continue;
          a += 1;
          if (reach > 1) {
            r += 70;
            g += 48;
            b += 10;
          } else {
            // White at the heart, gold towards the tips.
            const heat = Math.min(1, reach * 1.4);
            r += 255;
            g += 255 - 45 * heat;
            b += 255 - 195 * heat;
          }
        }
      }
      if (a === 0) continue;
      const n = SUB * SUB;
      const alpha = a / n;
      const i = (py * SIZE + px) * 4;
      // Premultiplied: the colour sums are already weighted by coverage.
      pixels[i] = r / n;
      pixels[i + 1] = g / n;
      pixels[i + 2] = b / n;
      pixels[i + 3] = alpha * 255;
    }
  }
  sprite = { size: SIZE, pixels };
  return sprite;
}
