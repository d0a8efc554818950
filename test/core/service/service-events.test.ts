/** The service's events: the host's selection watch runs while anyone listens and passes each new selection on. */
import type { ServiceEvent } from '../../../src/core/service/addin-service';
import { ServiceEvents } from '../../../src/core/service/service-events';

describe('ServiceEvents', () => {
  it("sends the host's selection changes as 'selectionChanged' while a listener is subscribed, and stops the watch after the last", () => {
    let onChange: (() => void) | null = null;
    let watching = 0;
    const events = new ServiceEvents(undefined, undefined, (change) => {
      watching += 1;
      onChange = change;
      return () => {
        watching -= 1;
      };
    });
    const seen: ServiceEvent[] = [];
    const first = events.subscribe((e) => seen.push(e));
    const second = events.subscribe(() => undefined);
    expect(watching).toBe(1);
    onChange!();
    expect(seen).toEqual([{ type: 'selectionChanged' }]);
    first();
    second();
    expect(watching).toBe(0);
  });

  it('runs the workbook-change watch beside the selection watch, each stopped once', () => {
    const stopped: string[] = [];
    const events = new ServiceEvents(
      () => () => stopped.push('workbook'),
      undefined,
      () => () => stopped.push('selection'),
    );
    events.subscribe(() => undefined)();
    expect(stopped).toEqual(['workbook', 'selection']);
  });
});
