/** The UTF-8 byte front-end: split characters come out whole, invalid bytes fail the stream. */
import { textDecoderUtf8 } from '../../../src/browser/text-decoder-utf8';
import { AddinError } from '../../../src/core/errors/addin-error';
import type { StreamValue } from '../../../src/core/wire/schemas';
import { createNdjsonDecoder } from '../../../src/core/ndjson/ndjson-decoder';
import { completeLength, createUtf8Feeder } from '../../../src/core/ndjson/utf8-feeder';
import { addinErrorOf } from '../../helpers/caught-error';

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
    const error = addinErrorOf(() => feeder.feedBytes(Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d, 0x0a)));
    expect(error).toBeInstanceOf(AddinError);
    expect(error.kind).toBe('stream');
    expect(error.code).toBe('invalidUtf8');
    expect(() => feeder.end()).toThrow(error);
  });

  it('fails a stream that ends inside a multi-byte character', () => {
    const bytes = enc.encode(`${HEADER}{"data":[["Zürich"]]}\n東`);
    const feeder = createUtf8Feeder(createNdjsonDecoder({}), textDecoderUtf8());
    feeder.feedBytes(bytes.subarray(0, bytes.length - 1));
    expect(() => feeder.end()).toThrow(expect.objectContaining({ kind: 'stream', code: 'invalidUtf8' }) as unknown as Error);
  });
});

describe('createUtf8Feeder over an injected decoder (no TextDecoder needed)', () => {
  /** A decoder for ASCII only, as a stand-in for whatever a runtime provides: anything above 0x7f is refused. */
  const asciiOnly = {
    decode(bytes: Uint8Array): string {
      let s = '';
      for (const b of bytes) {
        if (b > 0x7f) throw new Error('not ASCII');
        s += String.fromCharCode(b);
      }
      return s;
    },
  };

  it('passes text through in order and names the line of bytes the decoder refuses, after delivering the lines before it', () => {
    const fed: string[] = [];
    const feeder = createUtf8Feeder({ feed: (t) => fed.push(t), end: () => fed.push('<end>') }, asciiOnly);
    feeder.feedBytes(enc.encode('one\ntwo\n'));
    expect(() => feeder.feedBytes(Uint8Array.of(...enc.encode('three\nfo'), 0xe9, ...enc.encode('ur\n')))).toThrow(
      expect.objectContaining({ code: 'invalidUtf8', data: expect.objectContaining({ line: 4 }) }) as unknown as Error,
    );
    expect(fed.join('')).toBe('one\ntwo\nthree\n');
  });

  it('holds back an incomplete character until its last byte arrives', () => {
    expect(completeLength(Uint8Array.of(0x41, 0xe6))).toBe(1);
    expect(completeLength(Uint8Array.of(0x41, 0xe6, 0x9d))).toBe(1);
    expect(completeLength(Uint8Array.of(0x41, 0xe6, 0x9d, 0xb1))).toBe(4);
    expect(completeLength(Uint8Array.of(0xf0, 0x9f, 0x98))).toBe(0);
    expect(completeLength(Uint8Array.of(0x41, 0x42))).toBe(2);
  });
});
