/** textSafeFormats: the block's format runs per cell, `@` under text a spreadsheet would reinterpret, `null` elsewhere. */
import { textSafeFormats } from '../../../src/core/cells/text-safe-formats';
import { formatRuns } from '../../../src/core/cells/cell-runs';

it('paints the format runs, puts @ under risky text and leaves the other cells alone', () => {
  const formats = textSafeFormats({
    values: [
      ['=1+2', 'plain', null, 5],
      ['00123', 'x', 2, 'TRUE'],
    ],
    formats: formatRuns([
      [null, null, null, '0.00'],
      ['0', null, '0', '0'],
    ]),
  });
  expect(formats).toEqual([
    ['@', null, null, '0.00'],
    ['@', null, '0', '@'],
  ]);
});
