/** `npm start`: build the browser bundle, start the local platform (file database) and serve the preview workbook. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { EXCEL_DEV_ORIGIN } from '../local-platform/cors';
import { ALLOWED_HOSTS_ENV, splitList } from '../local-platform/host-check';
import { startPlatform } from '../local-platform/server';
import { startStaticServer } from './static-server';

const root = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const platformPort = Number(process.env.PLATFORM_PORT ?? 4100);
  const skipBuild = process.argv.includes('--no-build');
  const faults = process.argv.includes('--faults');
  const memory = process.argv.includes('--memory');
  const rowsArg =
    process.argv.find((a) => a.startsWith('--rows=')) ?? (process.env.PLATFORM_ROWS ? `--rows=${process.env.PLATFORM_ROWS}` : undefined);

  if (!skipBuild) {
    console.log('Building the preview bundle...');
    // tsx loads webpack.config.ts (webpack-cli 6 looks for a registered loader; 7 needs Node 22.15).
    const build = spawnSync(process.execPath, ['--import', 'tsx', require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('The build failed; see the output above.');
  }

  // The preview's own origins, and the sideloaded Excel task pane's dev origin.
  const origins = [...new Set([`http://localhost:${port}`, `https://localhost:${port}`, `http://127.0.0.1:${port}`, EXCEL_DEV_ORIGIN])];
  const allowedHosts = splitList(process.env[ALLOWED_HOSTS_ENV]);
  const platform = await startPlatform({
    port: platformPort,
    memory,
    dataDir: process.env.PLATFORM_DATA_DIR ?? path.join(root, '.data'),
    faults,
    origins,
    allowedHosts,
    ...(rowsArg ? { rows: Number(rowsArg.split('=')[1]) } : {}),
  });
  const web = await startStaticServer({
    port,
    dir: path.join(root, 'dist/web'),
    config: { defaultTenantUrl: platform.url },
    allowedHosts,
  });

  console.log('');
  console.log(`Preview workbook:  ${web.url}`);
  console.log(`Local platform:    ${platform.url}`);
  console.log('Dev API keys:      dev-editor-key (create/edit), dev-viewer-key (read only), dev-admin-key (admin)');
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    void Promise.allSettled([web.close(), platform.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
