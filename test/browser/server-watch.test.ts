/** Tests of the server watcher: an unasked exit fails the guarded work at once with the child's last output. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ServerExitedError, ServerWatch } from './server-watch';
import { runScenarios, type Scenario, type ScenarioContext, type Servers } from './harness';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill();
});

/** A node child that prints `lines` lines, then exits with `code` once it reads "exit" on stdin (or at once). */
function child(lines: number, code: number, waitForStdin: boolean) {
  const script = [
    `for (let i = 1; i <= ${lines}; i++) console.log('line ' + i);`,
    `console.error('fatal: the platform crashed');`,
    waitForStdin ? `process.stdin.on('data', () => process.exit(${code}));` : `setImmediate(() => process.exit(${code}));`,
  ].join('\n');
  const proc = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(proc);
  return proc;
}

describe('ServerWatch', () => {
  it('keeps only the last lines of output', () => {
    const proc = child(0, 0, true);
    const watch = new ServerWatch('server', proc, 3);
    watch.record('a\nb\nc\nd\ne');
    expect(watch.tail()).toBe('c\nd\ne');
    watch.record(' end\nf\n');
    expect(watch.tail()).toBe('d\ne end\nf');
  });

  it('rejects guarded work as soon as the child exits unasked, with its code and last output', async () => {
    const proc = child(100, 3, true);
    const watch = new ServerWatch('npm start', proc, 5);
    const never = new Promise<string>(() => undefined);
    const guarded = watch.guard(never);
    proc.stdout.once('data', () => proc.stdin.write('exit\n'));
    const error = await guarded.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServerExitedError);
    const exited = error as ServerExitedError;
    expect(exited.code).toBe(3);
    expect(exited.message).toMatch(/^npm start exited with code 3/);
    expect(exited.lastOutput).toContain('fatal: the platform crashed');
    expect(exited.lastOutput).not.toContain('line 1\n');
    expect(exited.lastOutput.split('\n').length).toBeLessThanOrEqual(5);
    expect(watch.failure()).toBe(exited);
    await expect(watch.guard(Promise.resolve('late'))).rejects.toBe(exited);
  });

  it('lets guarded work settle as it does while the child runs', async () => {
    const proc = child(1, 0, true);
    const watch = new ServerWatch('npm start', proc);
    await expect(watch.guard(Promise.resolve(42))).resolves.toBe(42);
    await expect(watch.guard(Promise.reject(new Error('scenario failed')))).rejects.toThrow('scenario failed');
  });

  it('does not count an exit asked for by expectExit', async () => {
    const proc = child(1, 0, false);
    const watch = new ServerWatch('npm start', proc);
    watch.expectExit();
    await new Promise((resolve) => proc.once('exit', resolve));
    expect(watch.failure()).toBeNull();
    await expect(watch.guard(Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('runScenarios when the servers die', () => {
  it('stops at the scenario running when they exit and runs none after it', async () => {
    const proc = child(2, 1, true);
    const watch = new ServerWatch('npm start', proc);
    const servers: Servers = {
      webUrl: 'http://127.0.0.1:1/',
      platformUrl: 'http://127.0.0.1:2',
      guard: (work) => watch.guard(work),
      stop: async () => undefined,
    };
    const ran: string[] = [];
    const scenario = (name: string, run: () => Promise<void>): Scenario => ({
      name,
      run: async () => {
        ran.push(name);
        await run();
      },
    });
    const scenarios = [
      scenario('first', async () => undefined),
      scenario('second', async () => {
        proc.stdin.write('exit\n');
        await new Promise(() => undefined);
      }),
      scenario('third', async () => undefined),
    ];
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const make = async (): Promise<ScenarioContext> => ({ servers, screenshot: async () => undefined }) as unknown as ScenarioContext;
    try {
      await expect(runScenarios(scenarios, make)).rejects.toThrow(/exited with code 1[\s\S]*the platform crashed/);
    } finally {
      log.mockRestore();
    }
    expect(ran).toEqual(['first', 'second']);
  });
});
