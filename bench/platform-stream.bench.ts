/** Local platform query stream: engine start and generation time, rows/s and server heap growth while streaming 1,000,000 rows over HTTP. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleSqlQuery } from '../local-platform/warehouse/sql-endpoint';
import { startWarehouse } from '../local-platform/warehouse/warehouse';
import type { Measurement } from './measurement';

const ROWS = 1_000_000;
const MB = 1024 * 1024;

/** Streams one query to a client that discards the bytes; samples the heap while it runs. */
async function streamOnce(url: string, query: string): Promise<{ ms: number; bytes: number; lines: number; peakHeapGrowth: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { Authorization: 'bench', 'Content-Type': 'application/json' } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ bytes, lines }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ query }));
    });
    return { ms: performance.now() - started, bytes, lines, peakHeapGrowth: Math.max(0, peak - baseline) };
  } finally {
    clearInterval(sampler);
  }
}

export async function run(): Promise<Measurement[]> {
  const t0 = performance.now();
  const warehouse = await startWarehouse({ memory: true, dataDir: '', rows: ROWS, seed: 42 });
  const generationMs = performance.now() - t0;
  const server = http.createServer((req, res) => {
    void handleSqlQuery(req, res, {
      warehouse,
      deploymentId: '101',
      authorize: () => 'ok',
      faults: null,
      continueWaitHoldMs: 10_000,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/svcjs-api/v1/svcsql`;
  try {
    const wide = await streamOnce(url, `SELECT * FROM orders LIMIT ${ROWS}`);
    const narrow = await streamOnce(url, `SELECT id, status, created_at, amount FROM orders LIMIT ${ROWS}`);
    const js = await streamOnce(url, `SELECT id, status, created_at, amount, INTERVAL 1 DAY AS js_encoded FROM orders LIMIT ${ROWS}`);
    const grouped = await streamOnce(
      url,
      "SELECT DATE_TRUNC('day', created_at), customer_city, product_category, MEASURE(count), MEASURE(total_amount) FROM orders GROUP BY 1, 2, 3 LIMIT 1000000",
    );
    const perSecond = (r: { ms: number }, rows: number): number => rows / (r.ms / 1000);
    return [
      { name: `start the engine, generate ${ROWS.toLocaleString('en-US')} orders`, value: generationMs, unit: 'ms' },
      { name: 'stream SELECT * FROM orders (15 columns)', value: perSecond(wide, ROWS), unit: 'rows/s' },
      { name: 'stream SELECT * FROM orders: bytes', value: wide.bytes / MB, unit: 'MiB' },
      { name: 'stream SELECT * FROM orders: lines', value: wide.lines, unit: 'lines' },
      { name: 'stream SELECT * FROM orders: server heap growth', value: wide.peakHeapGrowth / MB, unit: 'MiB' },
      { name: 'stream 4 columns', value: perSecond(narrow, ROWS), unit: 'rows/s' },
      { name: 'stream 4 columns: server heap growth', value: narrow.peakHeapGrowth / MB, unit: 'MiB' },
      { name: 'stream 5 columns, JavaScript-encoded', value: perSecond(js, ROWS), unit: 'rows/s' },
      { name: 'stream 5 columns, JavaScript-encoded: heap growth', value: js.peakHeapGrowth / MB, unit: 'MiB' },
      { name: 'grouped MEASURE query (day x city x category)', value: grouped.ms, unit: 'ms' },
    ];
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await warehouse.close();
  }
}
