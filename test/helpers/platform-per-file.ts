/** Jest setup shared by the local-platform contract tests: one test platform started before a file's tests and closed after them. */
import type { PlatformOptions, RunningPlatform } from '../../local-platform/server';
import { testPlatform } from '../local-platform/http';

/** The file's platform, readable inside tests and hooks once `beforeAll` has started it. */
export interface PlatformOfFile {
  /** Its base URL (http://127.0.0.1:<port>). */
  readonly url: string;
}

/** Registers beforeAll/afterAll that start `testPlatform(extra)` for the calling test file and close it. */
export function platformPerFile(extra: Partial<PlatformOptions> = {}): PlatformOfFile {
  let running: RunningPlatform | undefined;
  beforeAll(async () => {
    running = await testPlatform(extra);
  });
  afterAll(() => running?.close());
  return {
    get url() {
      if (running === undefined) throw new Error('the test platform is read before beforeAll started it');
      return running.url;
    },
  };
}
