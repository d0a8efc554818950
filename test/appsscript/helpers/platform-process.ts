/** The local platform in a child process, so a test thread blocked in the synchronous UrlFetchApp fake can still be answered. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface PlatformProcess {
  url: string;
  /** The child's process id (a test may kill it to play a platform that dies). */
  pid: number;
  close(): Promise<void>;
}

/** Starts `local-platform/cli.ts` in memory with a small warehouse; extra CLI flags may follow. */
export function startPlatformProcess(extraArgs: string[] = []): Promise<PlatformProcess> {
  const root = path.resolve(__dirname, '../../..');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'local-platform/cli.ts', '--port', '0', '--memory', '--rows', '500', '--quiet', ...extraArgs],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`the local platform did not start (${why}):\n${output}`));
    child.once('exit', (code) => fail(`exit ${code}`));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /Local platform:\s+(http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        child.removeAllListeners('exit');
        resolve({
          url: m[1],
          pid: child.pid ?? -1,
          close: () =>
            new Promise<void>((done) => {
              // Gone already (exited, or killed by a signal: then exitCode stays null and signalCode is set).
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              // In memory, nothing to save: stop it at once.
              child.kill('SIGKILL');
            }),
        });
      }
    });
  });
}
