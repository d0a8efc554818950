/** Values a double or Unicode text cannot hold: bare numbers arrive as their exact text, lone surrogates fail the stream, on both of the decoder's paths. */
import fc from 'fast-check';
import { TEXT_FORMAT } from '../../../src/core/host';
import { typeValue } from '../../../src/core/cells/value-typing';
import { AddinError } from '../../../src/core/errors/addin-error';
import { quoteBareNumbers } from '../../../src/core/ndjson/bare-numbers';
import { scanDataLine } from '../../../src/core/ndjson/data-line-scan';
import { createNdjsonDecoder } from '../../../src/core/ndjson/ndjson-decoder';
import type { StreamValue } from '../../../src/core/wire/schemas';

const header = (columns: number): string =>
  `${JSON.stringify({ schema: Array.from({ length: columns }, (_, i) => ({ name: `c${i}`, column_type: 'String' })) })}\n`;

/** The rows a decoder delivers for `lines` after a header of `columns` columns, or the error it throws. */
function decode(lines: string[], columns = 2): { rows: StreamValue[][]; error?: AddinError } {
  const rows: StreamValue[][] = [];
  const d = createNdjsonDecoder({ onRows: (batch) => rows.push(...batch) });
  try {
    d.feed(header(columns));
    for (const line of lines) d.feed(`${line}\n`);
    d.end();
    return { rows };
  } catch (e) {
    if (!(e instanceof AddinError)) throw e;
    return { rows, error: e };
  }
}

describe('bare numbers in a data line', () => {
  const WIDE = '123456789012345678901234567890';

  it('arrive as the exact text they are written as, on the scanner and on the generic path', () => {
    const plain = `{"data":[[1e400,${WIDE}],[-0.5,0],[2.5E-400,-7]]}`;
    const expected = [
      ['1e400', WIDE],
      ['-0.5', '0'],
      ['2.5E-400', '-7'],
    ];
    for (const views of [false, true]) expect(scanDataLine(plain, 2, views)).toEqual(expected);
    expect(decode([plain]).rows).toEqual(expected);
    // Whitespace and an escape send the same rows down the generic path (JSON.parse).
    const generic = `{ "data": [ [1e400, ${WIDE}], [-0.5, 0], [2.5E-400, -7] ], "note": "\\"x\\" 12" }`;
    expect(scanDataLine(generic, 2)).toBeUndefined();
    expect(decode([generic]).rows).toEqual(expected);
  });

  it('are typed as the engine number text they are: out of range and too many digits stay exact text, never null', () => {
    const { rows } = decode([`{"data":[[1e400,${WIDE}],[1.5,42]]}`]);
    const [big, small] = rows as [StreamValue[], StreamValue[]];
    expect(typeValue('Double', big[0] as StreamValue)).toEqual({ value: '1e400', format: TEXT_FORMAT });
    expect(typeValue('Int64', big[1] as StreamValue)).toEqual({ value: WIDE, format: TEXT_FORMAT });
    expect(typeValue('Double', small[0] as StreamValue)).toEqual({ value: 1.5, format: null });
    expect(typeValue('Int64', small[1] as StreamValue)).toEqual({ value: 42, format: null });
  });

  it('that are not JSON numbers leave the line to JSON.parse, which refuses it', () => {
    for (const bad of ['01', '1.', '-', '+1', '.5', '1e', '1e+', '0x1F']) {
      const line = `{"data":[[${bad},"x"]]}`;
      expect([bad, scanDataLine(line, 2)]).toEqual([bad, undefined]);
      expect([bad, decode([line]).error?.code]).toEqual([bad, 'notJson']);
    }
  });

  it('the scanner reads a line of numbers and plain values as JSON.parse reads it with its numbers quoted', () => {
    const numberText = fc.oneof(
      fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => String(v)),
      fc.tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -999, max: 999 })).map(([m, e]) => `${m}e${e}`),
    );
    const plainText = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/["\\\u0000-\u001f]/g, ''));
    const cell = fc.oneof(
      numberText.map((text) => ({ text })),
      fc.oneof(plainText, fc.constant(null), fc.boolean()),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell, cell), { maxLength: 8 }), (rows) => {
        const written = (v: { text: string } | StreamValue): string => (v !== null && typeof v === 'object' ? v.text : JSON.stringify(v));
        const line = `{"data":[${rows.map((r) => `[${r.map(written).join(',')}]`).join(',')}]}`;
        const exact = rows.map((r) => r.map((v) => (v !== null && typeof v === 'object' ? v.text : v)));
        expect((JSON.parse(quoteBareNumbers(line)) as { data: StreamValue[][] }).data).toEqual(exact);
        expect(scanDataLine(line, 3)).toEqual(exact);
        expect(decode([line.replace('[', '[ ')], 3).rows).toEqual(exact);
        expect(decode([line], 3).rows).toEqual(exact);
      }),
    );
  });

  it('quoteBareNumbers leaves digits inside strings alone, escaped quotes and backslashes included', () => {
    expect(quoteBareNumbers('{"data":[["a\\"1",2,"\\\\",-3e5,"4"]],"n":5}')).toBe('{"data":[["a\\"1","2","\\\\","-3e5","4"]],"n":"5"}');
    expect(quoteBareNumbers('{"data":[["1"]]}')).toBe('{"data":[["1"]]}');
  });
});

describe('lone surrogates in a data line', () => {
  it.each([
    ['an escape, on the generic path', '{"data":[["ok","\\ud800"]]}', '\\ud800', 2],
    ['a low half escaped', '{"data":[["x\\udc00y","1"]]}', '\\udc00', 1],
    ['two high halves', '{"data":[["\\ud83d\\ud83d","1"]]}', '\\ud83d', 1],
    ['a raw code unit the scanner leaves to the generic path', '{"data":[["a\ud800","1"]]}', '\\ud800', 1],
  ])('fail the stream with a clear message: %s', (_label, line, escape, column) => {
    if (!line.includes('\\')) expect(scanDataLine(line, 2)).toBeUndefined();
    const { rows, error } = decode(['{"data":[["fine","1"]]}', line]);
    expect(rows).toEqual([['fine', '1']]);
    expect(error).toMatchObject({ kind: 'stream', code: 'invalidText', data: { line: 3, rowIndex: 0, columnIndex: column - 1 } });
    expect(error?.message).toContain(
      `at line 3: row 1, column ${column} of a data line holds a lone surrogate (${escape}), which is not valid Unicode text`,
    );
  });

  it('a pair, escaped or raw, is text like any other', () => {
    expect(decode(['{"data":[["\\ud83d\\ude00","1"]]}', '{"data":[["🙂 raw","2"]]}']).rows).toEqual([
      ['😀', '1'],
      ['🙂 raw', '2'],
    ]);
    expect(scanDataLine('{"data":[["🙂 raw","2"]]}', 2)).toEqual([['🙂 raw', '2']]);
  });
});
