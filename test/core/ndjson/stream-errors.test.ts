/** Error helpers of the decoder: excerpts never cut a character in half; Continue wait is matched inside any text. */
import { MAX_ID_TEXT, MAX_WIRE_TEXT } from '../../../src/core/errors/wire-text';
import { isContinueWaitText, lineExcerpt, serverLineError } from '../../../src/core/ndjson/stream-errors';

describe('stream errors', () => {
  it('quotes at most 60 characters and never half a surrogate pair', () => {
    expect(lineExcerpt('short')).toBe('short');
    expect(lineExcerpt('x'.repeat(61))).toBe(`${'x'.repeat(60)}…`);
    const cut = lineExcerpt(`${'x'.repeat(59)}😀tail`);
    expect(cut).toBe(`${'x'.repeat(59)}…`);
  });

  it('recognises Continue wait anywhere in the text and reports other errors as query failures', () => {
    expect(isContinueWaitText('Error: Continue wait')).toBe(true);
    expect(isContinueWaitText('continue waiting')).toBe(false);
    expect(serverLineError('Continue wait', 1, 0).kind).toBe('continueWait');
    const e = serverLineError('bad SQL', 3, 7, 'req-1');
    expect(e.kind).toBe('query');
    expect(e.detail).toBe('bad SQL');
    expect(e.data).toEqual({ line: 3, discardedRows: 7, serverMessage: 'bad SQL', requestId: 'req-1' });
  });

  it(`caps a server's text at ${MAX_WIRE_TEXT} characters in the message, the detail and the data`, () => {
    const e = serverLineError('z'.repeat(50_000_000), 2, 10, 'r'.repeat(10_000));
    expect(e.kind).toBe('query');
    const capped = `${'z'.repeat(MAX_WIRE_TEXT)}…`;
    expect(e.detail).toBe(capped);
    expect(e.message).toBe(`The query failed after 10 rows, which were discarded: ${capped}`);
    expect(e.data).toEqual({ line: 2, discardedRows: 10, serverMessage: capped, requestId: `${'r'.repeat(MAX_ID_TEXT)}…` });
  });
});
