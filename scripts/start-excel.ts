/**
 * The dev server `npm run start:excel` runs (office-addin-debugging sideloads manifest.xml around it): the local platform
 * and the Excel pages on https://localhost:3000 with office-addin-dev-certs' trusted certificate. Needs Excel (web,
 * Windows or Mac) to be of any use, so it cannot be exercised where this project is built (no Excel there).
 */
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { getHttpsServerOptions } from 'office-addin-dev-certs';
import { startPlatform } from '../local-platform/server';
import makeConfig from '../webpack.config';

const root = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const port = 3000;
  const platformPort = Number(process.env.PLATFORM_PORT ?? 4100);
  const origin = `https://localhost:${port}`;
  const platform = await startPlatform({
    port: platformPort,
    memory: false,
    dataDir: process.env.PLATFORM_DATA_DIR ?? path.join(root, '.data'),
    faults: false,
    origins: [origin],
  });
  const configJs = `window.__PREVIEW_CONFIG__ = ${JSON.stringify({ defaultTenantUrl: platform.url })};\n`;
  const compiler = webpack(makeConfig({}, { mode: 'development' }));
  const server = new WebpackDevServer(
    {
      port,
      server: { type: 'https', options: await getHttpsServerOptions() },
      headers: { 'Access-Control-Allow-Origin': '*' },
      setupMiddlewares: (middlewares, devServer) => {
        devServer.app?.get('/config.js', (_req, res) => {
          res.type('text/javascript').set('Cache-Control', 'no-store').send(configJs);
        });
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  console.log(`Excel pages:     ${origin}/taskpane.html (sideload manifest.xml)`);
  console.log(`Local platform:  ${platform.url}`);
  const stop = (): void => {
    void Promise.allSettled([server.stop(), platform.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
