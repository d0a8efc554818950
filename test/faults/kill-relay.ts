/** An HTTP relay in a worker thread that SIGKILLs a platform child process as soon as the first rows it relays passed. */
import { Worker } from 'node:worker_threads';

/**
 * The relay runs on its own thread so that it answers while the test thread is blocked in the Sheets fake's synchronous
 * UrlFetchApp. It forwards each request to the platform (Host rewritten, as the platform answers only its own port) and
 * streams the answer back; on the first chunk holding a data line it forwards that chunk, then kills the platform, so
 * the rest of the result never arrives and the client's connection breaks as it does when a server dies mid-write.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { upstreamPort, pid } = workerData;
let killed = false;
const server = http.createServer((req, res) => {
  const up = http.request(
    { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url,
      headers: { ...req.headers, host: '127.0.0.1:' + upstreamPort } },
    (upRes) => {
      res.writeHead(upRes.statusCode, upRes.headers);
      upRes.on('data', (chunk) => {
        res.write(chunk);
        if (!killed && chunk.toString('utf8').includes('{"data":')) {
          killed = true;
          process.kill(pid, 'SIGKILL');
          parentPort.postMessage('killed');
        }
      });
      upRes.on('end', () => res.end());
      upRes.on('close', () => { if (!upRes.complete) res.destroy(); });
    },
  );
  up.on('error', () => res.destroy());
  req.pipe(up);
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

export interface KillRelay {
  /** `http://127.0.0.1:<port>` of the relay. */
  url: string;
  /** Settles once the relay has killed the platform. */
  killed: Promise<void>;
  close(): Promise<void>;
}

/** Starts the relay in front of the platform listening on `upstreamUrl`, whose process is `pid`. */
export function startKillRelay(upstreamUrl: string, pid: number): Promise<KillRelay> {
  const upstreamPort = Number(new URL(upstreamUrl).port);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { upstreamPort, pid } });
  let markKilled: () => void = () => undefined;
  const killed = new Promise<void>((done) => (markKilled = done));
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: unknown) => {
      if (message === 'killed') markKilled();
      else if (typeof message === 'number')
        resolve({
          url: `http://127.0.0.1:${message}`,
          killed,
          close: async () => void (await worker.terminate()),
        });
    });
  });
}
