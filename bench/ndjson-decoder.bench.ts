/** Benchmark of the NDJSON decoder: a synthetic 1,000,000-row stream in 64 KiB chunks, as text and as UTF-8 bytes. */
import { textDecoderUtf8 } from '../src/browser/text-decoder-utf8';
import { createNdjsonDecoder } from '../src/core/ndjson/ndjson-decoder';
import { createUtf8Feeder } from '../src/core/ndjson/utf8-feeder';
import type { Measurement } from './measurement';
import { gcFunction } from './gc-function';

const ROWS = 1_000_000;
const ROWS_PER_LINE = 1_000;
const CHUNK = 64 * 1024;

/** A header and one data line of ROWS_PER_LINE rows shaped like the engine's output (numbers as strings, some non-ASCII). */
function syntheticLines(): { header: string; data: string } {
  const header = JSON.stringify({
    schema: [
      { name: 'orders.city', column_type: 'String' },
      { name: 'orders.id', column_type: 'Int64' },
      { name: 'orders.amount', column_type: { Decimal: [18, 2] }, format: 'currency', currency: 'USD' },
      { name: 'orders.created_at', column_type: 'Timestamp' },
      { name: 'orders.is_paid', column_type: 'Boolean' },
      { name: 'orders.note', column_type: 'String' },
    ],
    lastRefreshTime: '2024-05-01T10:00:00.000Z',
  });
  const cities = ['Zürich', '東京', 'New York', 'São Paulo', 'Berlin'];
  const rows = [];
  for (let i = 0; i < ROWS_PER_LINE; i++) {
    rows.push([
      cities[i % cities.length],
      String(9_007_199_254_740_000 + i),
      `${(i * 37.11).toFixed(2)}`,
      `2024-05-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000`,
      i % 3 === 0,
      i % 7 === 0 ? null : 'ok',
    ]);
  }
  return { header: `${header}\n`, data: `${JSON.stringify({ data: rows })}\n` };
}

/**
 * Cuts the stream into CHUNK-sized pieces without holding it whole: the data line repeats ROWS / ROWS_PER_LINE times
 * and chunks run across line ends, as network chunks do.
 */
function* pieces<T extends string | Uint8Array>(header: T, data: T, concat: (a: T, b: T) => T): Generator<T> {
  if (data.length <= CHUNK) throw new Error('the synthetic data line must be longer than a chunk');
  yield header;
  let remaining = data.length * (ROWS / ROWS_PER_LINE);
  let offset = 0;
  while (remaining > 0) {
    const end = offset + Math.min(CHUNK, remaining);
    yield end <= data.length ? (data.slice(offset, end) as T) : concat(data.slice(offset) as T, data.slice(0, end - data.length) as T);
    remaining -= end - offset;
    offset = end % data.length;
  }
}

const concatText = (a: string, b: string): string => a + b;
const concatBytes = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

export async function run(): Promise<Measurement[]> {
  const gc = gcFunction();
  const { header, data } = syntheticLines();
  const enc = new TextEncoder();
  const headerBytes = enc.encode(header);
  const dataBytes = enc.encode(data);
  const totalBytes = headerBytes.length + dataBytes.length * (ROWS / ROWS_PER_LINE);

  // Text path, with heap sampled after every chunk (rows are counted, not kept: this is the decoder's own footprint).
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let rows = 0;
  const t0 = process.hrtime.bigint();
  const decoder = createNdjsonDecoder({ onRows: (batch) => (rows += batch.length) });
  for (const piece of pieces(header, data, concatText)) {
    decoder.feed(piece);
    const used = process.memoryUsage().heapUsed;
    if (used > peak) peak = used;
  }
  decoder.end();
  const textMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (rows !== ROWS) throw new Error(`decoded ${rows} rows, expected ${ROWS}`);

  // Byte path through the streaming UTF-8 feeder.
  gc?.();
  let byteRows = 0;
  const t1 = process.hrtime.bigint();
  const feeder = createUtf8Feeder(createNdjsonDecoder({ onRows: (batch) => (byteRows += batch.length) }), textDecoderUtf8());
  for (const piece of pieces(headerBytes, dataBytes, concatBytes)) feeder.feedBytes(piece);
  feeder.end();
  const bytesMs = Number(process.hrtime.bigint() - t1) / 1e6;
  if (byteRows !== ROWS) throw new Error(`decoded ${byteRows} rows from bytes, expected ${ROWS}`);

  return [
    { name: 'ndjson decode text, 1M rows', value: ROWS / (textMs / 1000), unit: 'rows/s' },
    { name: 'ndjson decode UTF-8 bytes, 1M rows', value: ROWS / (bytesMs / 1000), unit: 'rows/s' },
    { name: 'ndjson decode UTF-8 bytes throughput', value: totalBytes / 1048576 / (bytesMs / 1000), unit: 'MiB/s' },
    { name: `ndjson decode peak heap delta${gc === undefined ? ' (no gc)' : ''}`, value: (peak - base) / 1048576, unit: 'MiB' },
  ];
}
