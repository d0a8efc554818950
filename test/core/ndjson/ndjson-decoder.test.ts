/** Decoder behaviour beyond the fixtures: sticky failures, bounded buffering, misuse, and random round trips. */
import fc from 'fast-check';
import { AddinError } from '../../../src/core/errors/addin-error';
import { MAX_WIRE_TEXT } from '../../../src/core/errors/wire-text';
import type { StreamValue } from '../../../src/core/wire/schemas';
import { createNdjsonDecoder } from '../../../src/core/ndjson/ndjson-decoder';
import { thrownBy } from '../../helpers/caught-error';

const HEADER = '{"schema":[{"name":"a","column_type":"String"},{"name":"b","column_type":"Int64"}]}\n';

describe('createNdjsonDecoder', () => {
  it('keeps throwing the same error after a failure, from feed and from end', () => {
    const d = createNdjsonDecoder({});
    d.feed(HEADER);
    const first = thrownBy(() => d.feed('{"data":[["x","1"]]}\n{"error":"boom"}\n'), Error);
    expect(first).toBeInstanceOf(AddinError);
    expect((first as AddinError).kind).toBe('query');
    expect((first as AddinError).data['discardedRows']).toBe(1);
    expect(thrownBy(() => d.feed(HEADER), Error)).toBe(first);
    expect(thrownBy(() => d.end(), Error)).toBe(first);
  });

  it('stops at the failing line: later lines in the same chunk are not delivered', () => {
    const batches: StreamValue[][][] = [];
    const d = createNdjsonDecoder({ onRows: (rows) => batches.push(rows) });
    const e = thrownBy(() => d.feed(`${HEADER}{"data":[["x","1"]]}\n{"data":[["y"]]}\n{"data":[["z","3"]]}\n`), Error);
    expect((e as AddinError).code).toBe('rowLength');
    expect(batches).toEqual([[['x', '1']]]);
    expect(d.rows).toBe(1);
  });

  it('rejects use after a successful end', () => {
    const d = createNdjsonDecoder({});
    d.feed(`${HEADER}{"data":[]}\n`);
    d.end();
    expect(() => d.feed('{"data":[]}\n')).toThrow(/after end/);
    expect(() => d.end()).toThrow(/after end/);
  });

  it('propagates an exception thrown by a handler and stays failed', () => {
    const boom = new Error('consumer stopped');
    const d = createNdjsonDecoder({
      onRows: () => {
        throw boom;
      },
    });
    d.feed(HEADER);
    expect(thrownBy(() => d.feed('{"data":[["x","1"]]}\n'), Error)).toBe(boom);
    expect(thrownBy(() => d.end(), Error)).toBe(boom);
  });

  it('fails a line that grows past the limit while it is still partial (memory stays bounded)', () => {
    const d = createNdjsonDecoder({}, { maxLineBytes: 1000 });
    d.feed(HEADER);
    d.feed('{"data":[["');
    let fed = 0;
    const e = thrownBy(() => {
      for (let i = 0; i < 10_000; i++) {
        d.feed('東京'); // 6 UTF-8 bytes, 2 code units: only the byte count catches it early
        fed += 1;
      }
    }, Error);
    expect((e as AddinError).code).toBe('lineTooLong');
    expect((e as AddinError).data['line']).toBe(2);
    // Over 1000 bytes after about 165 pieces; the code-unit length alone would allow 500.
    expect(fed).toBeLessThan(170);
  });

  it('accepts a partial line exactly at the byte limit and fails one byte over', () => {
    const row = (s: string): string => `{"data":[["${s}","1"]]}`;
    const limit = Buffer.byteLength(row('ü'.repeat(100)));
    const ok = createNdjsonDecoder({}, { maxLineBytes: limit });
    ok.feed(HEADER);
    for (const ch of row('ü'.repeat(100))) ok.feed(ch);
    ok.feed('\n');
    ok.end();
    expect(ok.rows).toBe(1);

    const over = createNdjsonDecoder({}, { maxLineBytes: limit - 1 });
    over.feed(HEADER);
    const e = thrownBy(() => {
      for (const ch of row('ü'.repeat(100))) over.feed(ch);
    }, Error);
    expect((e as AddinError).code).toBe('lineTooLong');
  });

  it("an error line of 50 MB becomes an error whose texts are a few KB, whatever the line's size", () => {
    const d = createNdjsonDecoder({});
    d.feed(`${HEADER}{"data":[["x","1"]]}\n`);
    const e = thrownBy(() => d.feed(`{"error":"${'e'.repeat(50_000_000)}"}\n`), AddinError) as AddinError;
    expect(e.kind).toBe('query');
    expect(e.message.length).toBeLessThan(MAX_WIRE_TEXT + 100);
    expect(e.message).toMatch(/^The query failed after 1 rows, which were discarded: e+…$/);
    expect(String(e.detail).length).toBe(MAX_WIRE_TEXT + 1);
    expect(String(e.data['serverMessage']).length).toBe(MAX_WIRE_TEXT + 1);
  });

  it('round-trips random rows under random chunking', () => {
    const value = fc.oneof(fc.string({ unit: 'grapheme' }), fc.boolean(), fc.constant(null), fc.string({ unit: 'binary' }));
    const batch = fc.array(fc.tuple(value, value, value), { maxLength: 5 });
    fc.assert(
      fc.property(
        fc.array(batch, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        (batches, cuts, crlf) => {
          const eol = crlf ? '\r\n' : '\n';
          const header = JSON.stringify({ schema: ['a', 'b', 'c'].map((name) => ({ name, column_type: 'String' })) });
          const text = [header, ...batches.map((data) => JSON.stringify({ data }))].map((l) => l + eol).join('');
          const got: StreamValue[][] = [];
          const d = createNdjsonDecoder({ onRows: (rows) => got.push(...rows) });
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y);
          let at = 0;
          for (const p of points) {
            d.feed(text.slice(at, p));
            at = p;
          }
          d.feed(text.slice(at));
          d.end();
          expect(got).toEqual(batches.flat());
        },
      ),
    );
  });
});
