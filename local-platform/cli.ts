/** `npm run platform`: starts the local platform, prints its URL and dev credentials, logs requests, stops cleanly on SIGINT/SIGTERM. */
import { SQL_QUERY_PATH } from '../src/core/wire/wire-names';
import { parseCliArgs, USAGE } from './cli-args';
import { SEED_DEPLOYMENTS } from './seed';
import { startPlatform } from './server';

/** How long a clean stop may take after Ctrl-C or SIGTERM before the process exits regardless. */
const STOP_DEADLINE_MS = 1500;

async function main(): Promise<void> {
  const options = parseCliArgs(process.argv.slice(2), process.env);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const { quiet, help: _help, ...platformOptions } = options;
  console.log(
    `Starting the local platform (${platformOptions.memory ? 'in memory' : 'file database'}, ${platformOptions.rows ?? 100000} orders)...`,
  );
  const platform = await startPlatform({
    ...platformOptions,
    ...(quiet ? {} : { onRequest: (e) => console.log(`${e.method} ${e.path} ${e.status} ${e.ms.toFixed(0)} ms`) }),
  });
  const first = SEED_DEPLOYMENTS[0]?.id ?? '101';
  console.log('');
  console.log(`Local platform:  ${platform.url}`);
  console.log(`Control plane:   ${platform.url}/api/v1   (OpenAPI: ${platform.url}/api/v1/spec)`);
  console.log(`Query API:       ${platform.url}/d/${first}${SQL_QUERY_PATH}   (one per deployment)`);
  console.log(`Database:        ${platform.database} (warehouse: ${platform.warehouseDatabase})`);
  console.log(`Faults:          ${platformOptions.faults ? 'on (x-fault header)' : 'off (start with --faults)'}`);
  console.log('Dev API keys (Authorization: Bearer <key>):');
  console.log(`  ${platform.keys.admin.padEnd(20)} admin  (everything, also the admin-only deployment)`);
  console.log(`  ${platform.keys.editor.padEnd(20)} editor (create and edit reports)`);
  console.log(`  ${platform.keys.viewer.padEnd(20)} viewer (read only)`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    // Running queries are interrupted by close(); should anything still hold on, the process ends anyway.
    setTimeout(() => {
      console.error(`Not stopped within ${STOP_DEADLINE_MS} ms: exiting.`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    platform.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e instanceof Error ? e.message : e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
