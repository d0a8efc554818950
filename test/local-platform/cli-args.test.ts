/** The CLI's argument parsing: flags, inline values, environment origins and the errors it explains. */
import { ORIGINS_ENV, parseCliArgs } from '../../local-platform/cli-args';
import { ALLOWED_HOSTS_ENV } from '../../local-platform/host-check';

describe('npm run platform -- arguments', () => {
  it('reads --port, --data, --rows, --faults and friends', () => {
    expect(parseCliArgs(['--port', '4100', '--data', '/tmp/x', '--rows=1000000', '--faults', '--hold-ms', '50'], {})).toMatchObject({
      port: 4100,
      dataDir: '/tmp/x',
      rows: 1_000_000,
      faults: true,
      continueWaitHoldMs: 50,
    });
    expect(parseCliArgs(['--memory'], {})).toMatchObject({ port: 4100, memory: true });
  });

  it('takes CORS origins from --origins or the environment', () => {
    expect(parseCliArgs([], { [ORIGINS_ENV]: 'https://a.example, http://b.example' }).origins).toEqual([
      'https://a.example',
      'http://b.example',
    ]);
    expect(parseCliArgs(['--origins', 'https://c.example'], { [ORIGINS_ENV]: 'https://a.example' }).origins).toEqual(['https://c.example']);
  });

  it('rejects unknown options, bad numbers and --data with --memory, with the usage', () => {
    expect(() => parseCliArgs(['--prot', '1'], {})).toThrow(/Unknown option --prot[\s\S]*Usage/);
    expect(() => parseCliArgs(['--rows', '-3'], {})).toThrow(/--rows/);
    expect(() => parseCliArgs(['--data', 'x', '--memory'], {})).toThrow(/exclude/);
  });
});

describe('npm run platform -- query limits', () => {
  it('reads the time limit in seconds, the memory size and the threads, and refuses a size DuckDB would not take', () => {
    expect(parseCliArgs(['--query-time-limit', '30', '--query-memory=512MB', '--query-threads', '1'], {}).queryLimits).toEqual({
      timeLimitMs: 30_000,
      memoryLimit: '512MB',
      threads: 1,
    });
    expect(() => parseCliArgs(['--query-memory', "1GB'; SET x"], {})).toThrow(/--query-memory needs a size[\s\S]*Usage/);
    expect(() => parseCliArgs(['--query-time-limit', '0'], {})).toThrow(/--query-time-limit/);
  });
});

describe('npm run platform -- --allowed-hosts', () => {
  it('takes extra Host names from --allowed-hosts or the environment', () => {
    expect(parseCliArgs([], { [ALLOWED_HOSTS_ENV]: 'devbox.lan, devbox.lan:8080' }).allowedHosts).toEqual([
      'devbox.lan',
      'devbox.lan:8080',
    ]);
    expect(parseCliArgs(['--allowed-hosts=a.test'], { [ALLOWED_HOSTS_ENV]: 'b.test' }).allowedHosts).toEqual(['a.test']);
  });
});
