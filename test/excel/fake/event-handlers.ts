/** OfficeExtension.EventHandlers for the fake: `add` registers at the next sync, the result's `remove` unregisters at the sync after. */
import { fail } from './errors';
import type { EventName } from './engine';
import type { FakeRequestContext } from './request-context';

type Handler<T> = (args: T) => Promise<unknown>;

export class FakeEventHandlers<T> {
  constructor(
    private readonly context: FakeRequestContext,
    private readonly event: EventName,
    private readonly scope: () => string,
  ) {}

  add(handler: Handler<T>): FakeEventHandlerResult<T> {
    this.context.enqueue('addHandler', this.event, (commit) => {
      const scope = this.scope();
      commit(() => this.context.engine.addHandler(this.event, scope, handler as (a: unknown) => unknown));
    });
    return new FakeEventHandlerResult(this.context, this, handler);
  }

  remove(handler: Handler<T>): void {
    if (typeof handler !== 'function') fail('InvalidArgument', 'The handler must be a function.');
    this.context.enqueue('removeHandler', this.event, (commit) => {
      const scope = this.scope();
      commit(() => this.context.engine.removeHandler(this.event, scope, handler as (a: unknown) => unknown));
    });
  }
}

export class FakeEventHandlerResult<T> {
  constructor(
    readonly context: FakeRequestContext,
    private readonly handlers: FakeEventHandlers<T>,
    private readonly handler: Handler<T>,
  ) {}

  remove(): void {
    this.handlers.remove(this.handler);
  }
}
