/**
 * The 4-connected parts of a mask: `label[i]` is the part of pixel i (0 = outside the mask) and
 * `sizes[id]` its pixel count (`sizes[0]` is 0). One iterative flood fill, no recursion.
 */
export function labelComponents(mask: Uint8Array, width: number): { label: Int32Array; sizes: number[] } {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  const sizes: number[] = [0];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    const id = sizes.length;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const i = stack[--top] as number;
      size++;
      const x = i % width;
      const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const n of next) {
        if (n >= 0 && n < mask.length && mask[n] && !label[n]) {
          label[n] = id;
          stack[top++] = n;
        }
      }
    }
    sizes.push(size);
  }
  return { label, sizes };
}
