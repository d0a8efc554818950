/** The decoder's fast path for plain data lines: the same rows as JSON.parse, other lines left to JSON.parse, and the decoder using it. */
import fc from 'fast-check';
import { scanDataLine } from '../../../src/core/ndjson/data-line-scan';
import { createNdjsonDecoder } from '../../../src/core/ndjson/ndjson-decoder';
import type { StreamValue } from '../../../src/core/wire/schemas';

/** Text JSON.stringify writes without an escape: no quote, backslash or control character. */
const plainText = fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.replace(/["\\\u0000-\u001f]/g, ''));
const plainValue: fc.Arbitrary<StreamValue> = fc.oneof(plainText, fc.constant(null), fc.boolean(), fc.integer().map(String));

describe('scanDataLine', () => {
  it('reads a plain data line exactly as JSON.parse does', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 8 })
          .chain((width) =>
            fc.tuple(fc.constant(width), fc.array(fc.array(plainValue, { minLength: width, maxLength: width }), { maxLength: 12 })),
          ),
        ([width, rows]) => {
          const line = JSON.stringify({ data: rows });
          const parsed = (JSON.parse(line) as { data: StreamValue[][] }).data;
          expect(scanDataLine(line, width)).toEqual(parsed);
          // Views of the line for a consumer that copies what it keeps: the same values.
          expect(scanDataLine(line, width, true)).toEqual(parsed);
        },
      ),
    );
  });

  it('reads any line JSON.stringify writes as JSON.parse does, or leaves it to JSON.parse (escapes, control characters)', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(fc.array(fc.tuple(anyText, anyText), { maxLength: 8 }), (rows) => {
        const line = JSON.stringify({ data: rows });
        const scanned = scanDataLine(line, 2);
        if (scanned !== undefined) expect(scanned).toEqual((JSON.parse(line) as { data: StreamValue[][] }).data);
        if (/[\\\u0000-\u001f]/.test(line)) expect(scanned).toBeUndefined();
      }),
    );
  });

  it('reads empty rows, empty strings, long and non-ASCII text', () => {
    const long = 'a fairly long product name, well over thirteen characters';
    expect(scanDataLine('{"data":[]}', 3)).toEqual([]);
    expect(scanDataLine('{"data":[[]]}', 0)).toEqual([[]]);
    for (const views of [false, true])
      expect(scanDataLine(`{"data":[["",null,true,false,"${long}","Zürich 東京 🙂"]]}`, 6, views)).toEqual([
        ['', null, true, false, long, 'Zürich 東京 🙂'],
      ]);
  });

  it('leaves every other line to JSON.parse: whitespace, escapes, invalid numbers, nesting, other keys, broken lines', () => {
    for (const line of [
      '{"schema":[{"name":"a","column_type":"String"}]}',
      '{"error":"boom"}',
      '{ "data":[["a"]]}',
      '{"data":[["a", "b"]]}',
      '{"data":[["say \\"hi\\""]]}',
      '{"data":[["tab\there"]]}',
      '{"data":[["a longer text with a \\"quote\\" in it"]]}',
      '{"data":[["a longer text with a\ttab in it"]]}',
      '{"data":[["a longer text ending in a backslash\\\\"]]}',
      '{"data":[["new\nline"]]}',
      '{"data":[[01]]}',
      '{"data":[[1.]]}',
      '{"data":[[["nested"]]]}',
      '{"data":[[{"a":1}]]}',
      '{"data":[["a"]],"error":"boom"}',
      '{"data":[["a"]]}x',
      '{"data":[["a"]]',
      '{"data":[["a"',
      '{"data":[["a"],]}',
      '{"data":[["a",]]}',
      '{"data":[nul]}',
      '{"data":"rows"}',
    ]) {
      expect([line, scanDataLine(line, 1)]).toEqual([line, undefined]);
    }
  });

  it('leaves a line with a row of another width to JSON.parse (the decoder then names the row)', () => {
    expect(scanDataLine('{"data":[["a","b"],["c"]]}', 2)).toBeUndefined();
    expect(scanDataLine('{"data":[["a","b"],["c","d","e"]]}', 2)).toBeUndefined();
    expect(scanDataLine('{"data":[["a","b"],[]]}', 2)).toBeUndefined();
    expect(scanDataLine('{"data":[["a","b"],["c",null]]}', 2)).toEqual([
      ['a', 'b'],
      ['c', null],
    ]);
  });

  it('is what the decoder uses for a plain data line (JSON.parse only for the header), with the same checks', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const batches: StreamValue[][][] = [];
      const d = createNdjsonDecoder({ onRows: (rows) => batches.push(rows) });
      d.feed('{"schema":[{"name":"a","column_type":"String"},{"name":"b","column_type":"Int64"}]}\n');
      parse.mockClear();
      d.feed('{"data":[["x","10"],[null,"-3.5"]]}\n');
      expect(parse).not.toHaveBeenCalled();
      expect(batches).toEqual([
        [
          ['x', '10'],
          [null, '-3.5'],
        ],
      ]);
      expect(() => d.feed('{"data":[["only one value"]]}\n')).toThrow(/has 1 values, the header has 2 columns/);
    } finally {
      parse.mockRestore();
    }
  });
});
