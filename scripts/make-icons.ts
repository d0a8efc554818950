/** Draws the add-in's icons (a bar chart on a green tile) as PNGs in assets/ at the sizes the manifest needs: 16, 32, 64 and 80 px. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const ICON_SIZES = [16, 32, 64, 80] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGBA PNG of `size` x `size` pixels, `pixel(x, y)` giving [r, g, b, a]. */
export function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function icon(size: number): Buffer {
  const radius = size * 0.18;
  const bars = [
    { x0: 0.22, x1: 0.36, top: 0.55 },
    { x0: 0.43, x1: 0.57, top: 0.35 },
    { x0: 0.64, x1: 0.78, top: 0.2 },
  ];
  return png(size, (px, py) => {
    const x = px + 0.5;
    const y = py + 0.5;
    const dx = Math.max(radius - x, 0, x - (size - radius));
    const dy = Math.max(radius - y, 0, y - (size - radius));
    if (dx * dx + dy * dy > radius * radius) return [0, 0, 0, 0];
    const u = x / size;
    const v = y / size;
    const onBar = bars.some((b) => u >= b.x0 && u <= b.x1 && v >= b.top && v <= 0.8);
    return onBar ? [255, 255, 255, 255] : [16, 124, 65, 255];
  });
}

export function writeIcons(dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return ICON_SIZES.map((size) => {
    const file = path.join(dir, `icon-${size}.png`);
    fs.writeFileSync(file, icon(size));
    return file;
  });
}

if (require.main === module) {
  for (const f of writeIcons(path.resolve(__dirname, '../assets'))) console.log(`Wrote ${path.relative(process.cwd(), f)}`);
}
