/** Parsing of the query API's `x-fault` header. */
import { MAX_FAULT_DELAY_MS, parseQueryFaults } from '../../../local-platform/warehouse/query-faults';

describe('parseQueryFaults', () => {
  it('reads every query fault, separated by commas or semicolons', () => {
    expect(parseQueryFaults('drop-after-rows=10, malformed-after-rows=2;error-after-rows=3 ; delay-ms=40,continue-wait=2')).toEqual({
      dropAfterRows: 10,
      malformedAfterRows: 2,
      errorAfterRows: 3,
      delayMs: 40,
      continueWait: 2,
    });
  });

  it('is null without a query fault, and ignores control-plane faults and malformed values', () => {
    expect(parseQueryFaults(undefined)).toBeNull();
    expect(parseQueryFaults('')).toBeNull();
    expect(parseQueryFaults('status=503, upsert-race')).toBeNull();
    expect(parseQueryFaults('status=503, drop-after-rows=x, delay-ms=-5, error-after-rows=1.5')).toBeNull();
    expect(parseQueryFaults('status=503, DROP-AFTER-ROWS = 4')).toEqual({ dropAfterRows: 4 });
  });

  it('caps the delay and joins repeated headers', () => {
    expect(parseQueryFaults('delay-ms=99999999')).toEqual({ delayMs: MAX_FAULT_DELAY_MS });
    expect(parseQueryFaults(['delay-ms=1', 'continue-wait=0'])).toEqual({ delayMs: 1, continueWait: 0 });
  });
});
