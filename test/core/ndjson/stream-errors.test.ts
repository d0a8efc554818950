/** Error helpers of the decoder: excerpts never cut a character in half; Continue wait is matched inside any text. */
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
});
