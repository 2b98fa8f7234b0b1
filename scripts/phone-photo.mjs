// A phone's photo made from nothing, for the benches and the perf run: 12 megapixels of noise,
// gradients and texture, so it compresses and renders as a real photo does.
import sharp from "sharp";

/** A photo's worth of detail: smooth value noise, gradients, fine texture and sensor noise. */
export async function phonePhoto(width = 4000, height = 3000, seed = 45) {
  let state = seed;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const grid = 64;
  const columns = Math.ceil(width / grid) + 2;
  const coarse = Float32Array.from(
    { length: columns * (Math.ceil(height / grid) + 2) * 3 },
    random,
  );
  const raw = new Uint8ClampedArray(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y / grid);
    const fy = y / grid - y0;
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor(x / grid);
      const fx = x / grid - x0;
      for (let channel = 0; channel < 3; channel += 1) {
        const at = (row, column) => coarse[((y0 + row) * columns + x0 + column) * 3 + channel];
        const smooth =
          at(0, 0) * (1 - fx) * (1 - fy) +
          at(0, 1) * fx * (1 - fy) +
          at(1, 0) * (1 - fx) * fy +
          at(1, 1) * fx * fy;
        const gradient = channel === 2 ? 200 - (y / height) * 120 : 60 + (x / width) * 120;
        const texture = 25 * Math.sin(x / 7 + channel) * Math.sin(y / 11);
        const noise = (random() + random() + random() - 1.5) * 18;
        raw[(y * width + x) * 3 + channel] = gradient * 0.6 + smooth * 90 + texture + noise;
      }
    }
  }
  return sharp(Buffer.from(raw.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
