// isAddinFormat: every format the layouts write is recognised as the add-in's; formats a user picks are not.
import fc from 'fast-check';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT } from '../../../src/core/cells/date-serial';
import { memberNumberFormat, PERCENT_FORMAT } from '../../../src/core/cells/member-format';
import { isAddinFormat, isDefaultFormat } from '../../../src/core/cells/own-formats';
import { GENERAL_FORMAT, TEXT_FORMAT } from '../../../src/core/host';

describe('isAddinFormat', () => {
  it('recognises the text, date, timestamp and percent formats', () => {
    for (const f of [TEXT_FORMAT, DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT, PERCENT_FORMAT]) expect(isAddinFormat(f)).toBe(true);
  });

  it('recognises the currency format of every three-letter code, with a symbol or the code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{3}$/), (code) => {
        const f = memberNumberFormat({ format: 'currency', currency: code });
        expect(f).not.toBeNull();
        expect(isAddinFormat(f ?? '')).toBe(true);
      }),
    );
    for (const code of ['USD', 'EUR', 'JPY', 'BRL', 'CHF'])
      expect(isAddinFormat(memberNumberFormat({ format: 'currency', currency: code }) ?? '')).toBe(true);
  });

  it("does not claim a user's formats, nor the default", () => {
    for (const f of [
      '0.0',
      '#,##0',
      '0%',
      'dd/mm/yyyy',
      'mmm yyyy',
      '[Red]#,##0.00',
      '"$"#,##0.000',
      '#,##0.00 "EURO"',
      '"$"#,##0.00;[Red]-"$"#,##0.00',
      GENERAL_FORMAT,
      '',
    ])
      expect([f, isAddinFormat(f)]).toEqual([f, false]);
  });

  it('isDefaultFormat is General or no format at all', () => {
    expect([GENERAL_FORMAT, null, undefined].map(isDefaultFormat)).toEqual([true, true, true]);
    expect([TEXT_FORMAT, '0.0'].map(isDefaultFormat)).toEqual([false, false]);
  });
});
