/**
 * The fake's RequestContext: operations and loads are queued and applied only at `sync()`, in order; a request over the
 * payload cap fails and applies nothing; an operation that fails stops the batch (what came before it stays applied).
 */
import { FakeOfficeError, fail } from './errors';
import type { ExcelFakeEngine } from './engine';

export interface QueuedAction {
  /** Short name of the operation, for counting in tests. */
  op: string;
  bytes: number;
  apply(commit: (after: () => void) => void): void;
}

/** UTF-8 length of a string (no TextEncoder: the fake also runs where there is none, e.g. jsdom). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

/** Request bytes of one operation: its JSON form in UTF-8, as Office.js sends it (an estimate of the same order as the real wire). */
export function payloadBytes(op: string, payload: unknown): number {
  return utf8Length(JSON.stringify({ op, payload }));
}

/** Operations that change nothing Ctrl+Z would undo (reads, selection, handlers, calculation mode). */
const UNDO_NEUTRAL_OPS: ReadonlySet<string> = new Set([
  'load',
  'loadNames',
  'loadWorksheets',
  'getCount',
  'getCellProperties',
  'select',
  'activate',
  'addHandler',
  'removeHandler',
  'suspendApiCalculationUntilNextSync',
]);

export class FakeRequestContext {
  private queue: QueuedAction[] = [];
  /** Objects created by this context, resolved at their first sync (before that `isNullObject` is not loaded). */
  readonly pendingResolution: Array<{ resolveAtSync(): void }> = [];
  closed = false;
  readonly trackedObjects = { add: (): void => undefined, remove: (): void => undefined };

  /** Syncs of this context that changed the workbook (each is an undo record unless the run merges them). */
  changingSyncs = 0;

  constructor(
    readonly engine: ExcelFakeEngine,
    readonly delayForCellEdit: boolean,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  enqueue(op: string, payload: unknown, apply: QueuedAction['apply']): void {
    this.assertOpen();
    this.queue.push({ op, bytes: payloadBytes(op, payload), apply });
  }

  private assertOpen(): void {
    if (this.closed)
      fail('InvalidRequestContext', 'Cannot use the object across different request contexts (the Excel.run that created it has ended).');
  }

  async sync<T>(passThroughValue?: T): Promise<T | undefined> {
    this.assertOpen();
    const actions = this.queue;
    const resolutions = this.pendingResolution.splice(0);
    this.queue = [];
    await this.engine.waitUntilEditable(this.delayForCellEdit);
    const bytes = actions.reduce((sum, a) => sum + a.bytes, 0);
    this.engine.recordRequest(bytes, actions);
    if (bytes > this.engine.options.maxRequestBytes) {
      throw new FakeOfficeError('RequestPayloadSizeLimitExceeded', `The request payload size has exceeded the limit (${bytes} bytes).`);
    }
    const commits: Array<() => void> = [];
    this.engine.beginSync();
    try {
      for (const action of actions) action.apply((after) => commits.push(after));
      for (const r of resolutions) r.resolveAtSync();
    } finally {
      this.engine.endSync();
    }
    const responseBytes = this.engine.takeResponseBytes();
    if (responseBytes > this.engine.options.maxResponseBytes) {
      throw new FakeOfficeError(
        'ResponsePayloadSizeLimitExceeded',
        `The response payload size has exceeded the limit (${responseBytes} bytes).`,
      );
    }
    for (const c of commits) c();
    if (actions.some((a) => !UNDO_NEUTRAL_OPS.has(a.op))) this.changingSyncs += 1;
    return passThroughValue;
  }
}
