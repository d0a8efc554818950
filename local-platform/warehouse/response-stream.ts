/** One query response's NDJSON stream: lazy 200 head, backpressure-aware writes, error lines, and a client that went away. */
import type { ServerResponse } from 'node:http';

/** One NDJSON line of `value`. */
export const ndjsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;

export class ResponseStream {
  closed = false;
  private headSent = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    private readonly res: ServerResponse,
    private readonly requestId: string | undefined,
  ) {
    res.on('close', () => {
      this.closed = true;
      for (const l of this.closeListeners.splice(0)) l();
    });
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  get started(): boolean {
    return this.headSent;
  }

  private head(): void {
    if (this.headSent) return;
    this.headSent = true;
    // No `Cache-Control: no-store` here: Chromium reports a streamed no-store POST read to its end as net::ERR_ABORTED;
    // a POST's answer is not cached anyway.
    this.res.writeHead(200, { 'Content-Type': 'application/json' });
  }

  /** Writes text; resolves once the socket can take more (or the client is gone). */
  async write(text: string): Promise<void> {
    if (this.closed) return;
    this.head();
    if (this.res.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.res.off('drain', done);
        resolve();
      };
      this.res.on('drain', done);
      this.onClose(done);
    });
  }

  /** Ends the response with a final `{"error":...}` line (the whole body when nothing was sent yet). */
  endWithError(message: string): void {
    if (this.closed) return;
    this.head();
    const body: { error: string; requestId?: string } = { error: message };
    if (this.requestId !== undefined) body.requestId = this.requestId;
    this.res.end(ndjsonLine(body));
  }

  end(text?: string): void {
    if (this.closed) return;
    this.head();
    this.res.end(text);
  }

  /** Sends `text` (a line cut short), then destroys the connection. */
  drop(text: string): void {
    if (this.closed) return;
    this.head();
    this.res.write(text, () => this.res.destroy());
  }
}

/** Resolves after `ms`, or as soon as the client goes away. */
export function holdFor(ms: number, stream: ResponseStream): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    stream.onClose(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
