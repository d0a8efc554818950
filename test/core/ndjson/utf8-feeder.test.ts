/** The UTF-8 byte front-end: split characters come out whole, invalid bytes fail the stream. */
import { textDecoderUtf8 } from '../../../src/browser/text-decoder-utf8';
import { AddinError } from '../../../src/core/wire/errors';
import type { StreamValue } from '../../../src/core/wire/schemas';
import { createNdjsonDecoder } from '../../../src/core/ndjson/ndjson-decoder';
import { createUtf8Feeder } from '../../../src/core/ndjson/utf8-feeder';

const enc = new TextEncoder();
const HEADER = '{"schema":[{"name":"city","column_type":"String"}]}\n';

function rowsOf(chunks: Uint8Array[]): StreamValue[][] {
  const rows: StreamValue[][] = [];
  const feeder = createUtf8Feeder(createNdjsonDecoder({ onRows: (r) => rows.push(...r) }), textDecoderUtf8());
  for (const c of chunks) feeder.feedBytes(c);
  feeder.end();
  return rows;
}

describe('createUtf8Feeder', () => {
  it('joins a 4-byte emoji and a 3-byte ideograph split one byte at a time', () => {
    const bytes = enc.encode(`${HEADER}{"data":[["東京 😀"]]}\n`);
    const single = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(rowsOf(single)).toEqual([['東京 😀']]);
  });

  it('fails invalid UTF-8 as a damaged stream instead of inventing U+FFFD', () => {
    const feeder = createUtf8Feeder(createNdjsonDecoder({}), textDecoderUtf8());
    feeder.feedBytes(enc.encode(HEADER));
    let error: unknown;
    try {
      feeder.feedBytes(Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d, 0x0a));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AddinError);
    expect((error as AddinError).kind).toBe('stream');
    expect((error as AddinError).code).toBe('invalidUtf8');
    expect(() => feeder.end()).toThrow(error as Error);
  });

  it('fails a stream that ends inside a multi-byte character', () => {
    const bytes = enc.encode(`${HEADER}{"data":[["Zürich"]]}\n東`);
    const feeder = createUtf8Feeder(createNdjsonDecoder({}), textDecoderUtf8());
    feeder.feedBytes(bytes.subarray(0, bytes.length - 1));
    expect(() => feeder.end()).toThrow(expect.objectContaining({ kind: 'stream', code: 'invalidUtf8' }) as unknown as Error);
  });
});
