/** Watches a server child process: keeps its last lines of output and turns an exit nobody asked for into an error. */
import type { ChildProcess } from 'node:child_process';

/** The servers went down while the browser suite still needed them; the message carries their last output. */
export class ServerExitedError extends Error {
  constructor(
    readonly label: string,
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly lastOutput: string,
  ) {
    const how = code !== null ? `exited with code ${code}` : `was killed by ${signal ?? 'a signal'}`;
    super(`${label} ${how} while the browser tests needed it. Its last output:\n${lastOutput || '(no output)'}`);
    this.name = 'ServerExitedError';
  }
}

/** Keeps the last `keepLines` lines a child printed and resolves `down` when it exits before `expectExit()` was called. */
export class ServerWatch {
  private readonly lines: string[] = [];
  private partial = '';
  private expected = false;
  private error: ServerExitedError | null = null;
  /** Resolves with the error when the child exits unasked; never resolves once the exit is expected. */
  readonly down: Promise<ServerExitedError>;

  constructor(
    readonly label: string,
    child: ChildProcess,
    private readonly keepLines = 40,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.record(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.record(chunk.toString()));
    this.down = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        if (this.expected) return;
        this.error = new ServerExitedError(label, code, signal, this.tail());
        resolve(this.error);
      });
    });
  }

  /** Adds printed text; only whole lines count towards the kept tail, the unfinished last line is shown as it is. */
  record(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > this.keepLines) this.lines.splice(0, this.lines.length - this.keepLines);
  }

  /** The last lines printed (at most `keepLines`, plus an unfinished line). */
  tail(): string {
    const all = this.partial === '' ? this.lines : [...this.lines, this.partial];
    return all.slice(-this.keepLines).join('\n');
  }

  /** The exit that already happened unasked, if any. */
  failure(): ServerExitedError | null {
    return this.error;
  }

  /** Called before stopping the child on purpose: its exit is then no failure. */
  expectExit(): void {
    this.expected = true;
  }

  /** Settles as `work` does, unless the child exits unasked first: then rejects at once with its last output. */
  async guard<T>(work: Promise<T>): Promise<T> {
    const failed = this.failure();
    if (failed) throw failed;
    return Promise.race([
      work,
      this.down.then((e): never => {
        throw e;
      }),
    ]);
  }
}
