/** The server's Apps Script services over one fake environment (what entry.ts builds from the live globals). */
import type { ServerServices } from '../../../../appsscript/server/service/server-service';
import { fakeUtilities } from '../../fakes/execution';
import type { FakeEnvironment } from '../../fakes/environment';

export function fakeServerServices(env: FakeEnvironment): ServerServices {
  // The environment's globals are typed loosely (they also serve a vm context); the server's types check them where used.
  const g = env.globals();
  return {
    spreadsheetApp: () => g.SpreadsheetApp as never,
    urlFetch: () => env.urlFetch.app,
    properties: () => g.PropertiesService as never,
    cache: () => g.CacheService as never,
    locks: () => env.lockService,
    utilities: () => fakeUtilities(env.execution),
    scriptApp: () => env.triggers.app,
  };
}
