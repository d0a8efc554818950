/**
 * The write path against its floors, 100k and 1M rows x 8 columns from the local platform into MemoryHost: fetch +
 * JSON.parse of the same stream (the floor), decode + typing against JSON.parse alone (the limit), the whole insert
 * against the floor, the phases after the last byte, and the insert's peak heap against the typed matrix.
 * It runs past 300 lines because every measurement shares one platform, one stream and the phase-timing host.
 */
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import { browserClock } from '../src/browser/browser-clock';
import { fetchTransport, type FetchLike } from '../src/browser/fetch-transport';
import type { Transport, TransportRequest } from '../src/core/api/transport';
import { createFlatLayout } from '../src/core/cells/flat-layout';
import type { Matrix } from '../src/core/cells/matrix';
import type { CellSnapshot, GridRange, WorkbookLayout, WriteBlock } from '../src/core/host';
import { MemoryHost } from '../src/core/memory/memory-host';
import { WorkbookModel } from '../src/core/memory/workbook-model';
import { createNdjsonDecoder } from '../src/core/ndjson/ndjson-decoder';
import type { ReportDraft } from '../src/core/service/addin-service';
import { createAddinService } from '../src/core/service/create-addin-service';
import { startPlatformProcess } from '../test/appsscript/helpers/platform-process';
import { gcFunction } from './gc-function';
import type { Measurement } from './measurement';

/** The sizes measured; BENCH_WRITE_ROWS=100000 (comma-separated) measures others. */
const SIZES = (process.env['BENCH_WRITE_ROWS'] ?? '100000,1000000').split(',').map(Number);
const COLUMNS = 'id, status, created_at, customer_city, customer_name, product_category, amount, is_returned';
const sql = (rows: number): string => `SELECT ${COLUMNS} FROM orders LIMIT ${rows}`;
const MB = 1024 * 1024;
const now = (): number => performance.now();

/** Collects, then waits for the array buffers the collection let go of to be freed (that finishes after it), and collects again. */
async function settled(gc: (() => void) | undefined): Promise<void> {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc?.();
}

/**
 * The heap in use plus the memory its objects hold outside it (array buffers: the workbook keeps its numbers in typed
 * arrays), read from V8's statistics: process.memoryUsage() also reads the resident set size from the OS, which took 0.2
 * to 0.6 s of a 1M insert's time in samples.
 */
function heapInUse(): number {
  const stats = v8.getHeapStatistics();
  return stats.used_heap_size + stats.external_memory;
}

/** High-water mark of heapInUse, sampled by whoever calls sample() (chunks, host calls) and by a timer. */
class HeapPeak {
  peak = 0;
  sample(): void {
    const used = heapInUse();
    if (used > this.peak) this.peak = used;
  }
}

type Phase = 'layout' | 'snapshot' | 'writeBlock' | 'clear' | 'other host calls';

/** MemoryHost timing its calls after the last byte of the query stream arrived, by phase. */
class PhaseHost extends MemoryHost {
  streamEnded: () => boolean = () => false;
  readonly ms: Record<Phase, number> = { layout: 0, snapshot: 0, writeBlock: 0, clear: 0, 'other host calls': 0 };
  blocks = 0;
  heap: HeapPeak | null = null;

  private async timed<T>(phase: Phase, call: () => Promise<T>): Promise<T> {
    this.heap?.sample();
    const t0 = now();
    try {
      return await call();
    } finally {
      if (this.streamEnded()) this.ms[phase] += now() - t0;
      this.heap?.sample();
    }
  }
  override layout(ids?: readonly string[]): Promise<WorkbookLayout> {
    return this.timed('layout', () => super.layout(ids));
  }
  override snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    return this.timed('snapshot', () => super.snapshot(ranges));
  }
  override writeBlock(block: WriteBlock): Promise<void> {
    if (this.streamEnded()) this.blocks++;
    return this.timed('writeBlock', () => super.writeBlock(block));
  }
  override clear(ranges: readonly GridRange[]): Promise<void> {
    return this.timed('clear', () => super.clear(ranges));
  }
  override trackArea(id: string, range: GridRange): Promise<void> {
    return this.timed('other host calls', () => super.trackArea(id, range));
  }
}

/** fetchTransport that remembers the last query request and notes when its stream's last byte arrived. */
function watchedTransport(heap: () => HeapPeak | null): {
  transport: Transport;
  last: { request: TransportRequest | null; endAt: number };
} {
  const inner = fetchTransport(globalThis.fetch as FetchLike);
  const last = { request: null as TransportRequest | null, endAt: 0 };
  const transport: Transport = async (request) => {
    const response = await inner(request);
    if (!request.url.endsWith('/svcsql')) return response;
    last.request = request;
    return {
      ...response,
      chunks: () => ({
        async *[Symbol.asyncIterator]() {
          for await (const chunk of response.chunks()) {
            heap()?.sample();
            yield chunk;
          }
          last.endAt = now();
        },
      }),
    };
  };
  return { transport, last };
}

/** fetch + JSON.parse of every line of the stream: the floor. Returns its time and the text chunks as they came. */
async function fetchAndParse(request: TransportRequest, rows: number): Promise<{ ms: number; chunks: string[] }> {
  const body = JSON.stringify({ ...(JSON.parse(request.body ?? '{}') as object), query: sql(rows) });
  for (;;) {
    const chunks: string[] = [];
    const t0 = now();
    const res = await fetch(request.url, { method: 'POST', headers: request.headers, body });
    const decoder = new TextDecoder();
    let rest = '';
    let lines = 0;
    let first = '';
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(bytes, { stream: true });
      chunks.push(text);
      let start = 0;
      let text2 = rest + text;
      for (let nl = text2.indexOf('\n'); nl >= 0; nl = text2.indexOf('\n', start)) {
        const line = text2.slice(start, nl);
        if (lines++ === 0) first = line;
        JSON.parse(line);
        start = nl + 1;
      }
      rest = text2.slice(start);
      text2 = '';
    }
    const ms = now() - t0;
    if (first.includes('"schema"')) return { ms, chunks };
    await new Promise((r) => setTimeout(r, 100)); // a Continue wait answer: ask again
  }
}

/** JSON.parse of every line of the recorded chunks, as the floor's reader splits them: the limit. */
function parseLines(chunks: readonly string[]): void {
  let rest = '';
  for (const chunk of chunks) {
    const text = rest + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      JSON.parse(text.slice(start, nl));
      start = nl + 1;
    }
    rest = text.slice(start);
  }
}

/**
 * The product's path over the recorded chunks: each line decoded and typed as it arrives (the query client hands lines
 * to the flat layout, which adopts them and copies the strings it keeps, so the decoder may hand it views of its lines).
 */
function decodeAndTypeLines(chunks: readonly string[]): Matrix {
  const layout = createFlatLayout();
  const decoder = createNdjsonDecoder(
    { onHeader: (h) => layout.header(h.schema), onRows: (batch) => layout.adopt(batch) },
    { stringViews: true },
  );
  for (const chunk of chunks) decoder.feed(chunk);
  decoder.end();
  return layout.finish();
}

/**
 * The insert's target where issue 21 sets it, at 1M rows: there the steps after the last byte that cannot start
 * sooner (the report's save needs the whole result, connect-workbook the saved report) are a sliver of the floor, and
 * at 100k about a seventh of it.
 */
function insertTarget(rows: number): string {
  return rows >= 1_000_000 ? 'target <= 1.2' : 'no target at this size: <= 1.2 is set at 1M';
}

/** Rounds of the floor and the insert at each size (BENCH_INSERT_ROUNDS sets another count). */
const INSERT_ROUNDS = Math.max(1, Number(process.env['BENCH_INSERT_ROUNDS'] ?? 3));

/** Rounds of the limit and of the product's path, alternated; each is reported at its best (the least disturbed) round. */
const DECODE_ROUNDS = 3;

/**
 * JSON.parse of every line of the recorded chunks (the limit), and decode + typing of them (the product's path), each
 * after a collection and at its best of DECODE_ROUNDS alternated rounds. The typed matrix's size is the heap it alone
 * retains after a collection, built as the insert builds it (lines typed as they arrive, the stream's rows dropped, rows
 * with equal formats sharing one formats array), with the stream's text already counted in the baseline: the matrix the
 * insert holds while it writes.
 */
function decodeAndType(
  chunks: readonly string[],
  gc: (() => void) | undefined,
): { parseMs: number; decodeTypeMs: number; matrixBytes: number } {
  let parseMs = Infinity;
  let decodeTypeMs = Infinity;
  let matrixBytes = 0;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    gc?.();
    const t0 = now();
    parseLines(chunks);
    parseMs = Math.min(parseMs, now() - t0);
    gc?.();
    const base = heapInUse();
    const t1 = now();
    let matrix: Matrix | null = decodeAndTypeLines(chunks);
    decodeTypeMs = Math.min(decodeTypeMs, now() - t1);
    gc?.();
    if (round === 0) matrixBytes = heapInUse() - base;
    if (matrix.rows < 2) throw new Error('no rows typed');
    matrix = null;
  }
  return { parseMs, decodeTypeMs, matrixBytes };
}

function draft(rows: number): ReportDraft {
  return {
    name: `Orders ${rows}`,
    description: '',
    mode: 'sql',
    sqlQuery: sql(rows),
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  };
}

export async function run(): Promise<Measurement[]> {
  const gc = gcFunction();
  // The platform in its own process: in this one, the server's response text would share the heap measured.
  const platform = await startPlatformProcess(['--rows', String(Math.max(...SIZES))]);
  const out: Measurement[] = [];
  try {
    let heap: HeapPeak | null = null;
    const watched = watchedTransport(() => heap);
    const makeService = (host: MemoryHost) =>
      createAddinService({
        host,
        transport: watched.transport,
        clock: browserClock,
        random: Math.random,
        randomBytes: (n) => new Uint8Array(randomBytes(n)),
        defaultTenantUrl: platform.url,
        timezone: 'UTC',
      });
    const insert = async (rows: number, host: PhaseHost): Promise<number> => {
      const service = makeService(host);
      await service.signIn({ tenantUrl: platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' });
      const env = (await service.listEnvironments('101')).find((e) => e.type === 'production');
      if (!env) throw new Error('no production environment');
      await service.setContext({ deploymentId: '101', environmentId: env.id });
      const sheetId = host.model.sheets()[0]?.id ?? '';
      const t0 = now();
      const o = await service.insert(
        draft(rows),
        { sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: '' },
        { jobId: `i${rows}`, overwrite: false },
      );
      const ms = now() - t0;
      if (o.dataRows !== rows) throw new Error(`inserted ${o.dataRows} rows, expected ${rows}`);
      return ms;
    };
    await insert(10_000, new PhaseHost(new WorkbookModel({ name: 'Warmup' })));
    /** One insert of `rows` into a fresh host: its time, the time after the last byte, the host's phases and heap. */
    const measureInsert = async (rows: number) => {
      let host = new PhaseHost(new WorkbookModel({ name: 'Bench' }));
      await settled(gc);
      const peak = new HeapPeak();
      const base = heapInUse();
      peak.peak = base;
      heap = peak;
      host.heap = peak;
      const timer = setInterval(() => peak.sample(), 5);
      // The host's phases count from the stream's last byte (the transport notes it).
      watched.last.endAt = 0;
      host.streamEnded = () => watched.last.endAt > 0;
      let totalMs: number;
      let afterMs: number;
      try {
        totalMs = await insert(rows, host);
        afterMs = now() - watched.last.endAt;
      } finally {
        clearInterval(timer);
        heap = null;
      }
      // The workbook's cells: the heap that only the host retains after the insert (what a collection frees once the
      // host is dropped). MemoryHost's model stands in for the spreadsheet, whose cells a real host keeps outside the
      // add-in's heap: the peak less them is the add-in's own high-water mark.
      const phases = { ms: host.ms, blocks: host.blocks };
      await settled(gc);
      const withHost = heapInUse();
      host = new PhaseHost(new WorkbookModel({ name: 'Dropped' }));
      await settled(gc);
      const workbookBytes = Math.max(0, withHost - heapInUse());
      return { totalMs, afterMs, phases, peakBytes: peak.peak - base, workbookBytes };
    };
    for (const rows of SIZES) {
      const label = `${rows >= 1_000_000 ? `${rows / 1_000_000}M` : `${rows / 1000}k`} x 8`;
      const request = watched.last.request;
      if (!request) throw new Error('no query request seen');
      const first = await fetchAndParse(request, rows);
      const typed = decodeAndType(first.chunks, gc);
      first.chunks.length = 0;
      // Rounds of the floor and the insert, alternated: each insert is set against the floor measured just before it,
      // and the ratio reported is the median round's (the platform's speed moves from one minute to the next).
      const rounds: Array<{ floorMs: number } & Awaited<ReturnType<typeof measureInsert>>> = [];
      for (let round = 0; round < INSERT_ROUNDS; round++) {
        const floorMs = round === 0 ? first.ms : (await fetchAndParse(request, rows)).ms;
        rounds.push({ floorMs, ...(await measureInsert(rows)) });
      }
      const byRatio = [...rounds].sort((a, b) => a.totalMs / a.floorMs - b.totalMs / b.floorMs);
      const median = byRatio[Math.floor(byRatio.length / 2)] as (typeof rounds)[number];
      const ratios = rounds.map((r) => (r.totalMs / r.floorMs).toFixed(2)).join(', ');
      // The heap at its highest round (the peak is sampled, so a round can miss it).
      const heaviest = rounds.reduce((a, b) => (b.peakBytes > a.peakBytes ? b : a));
      const { totalMs, afterMs, phases, floorMs } = median;
      const { peakBytes, workbookBytes } = heaviest;
      const hostMs = Object.values(phases.ms).reduce((a, b) => a + b, 0);
      out.push(
        {
          name: `${label}: fetch + JSON.parse floor`,
          value: floorMs,
          unit: `ms (the median round's; ${rounds.map((r) => Math.round(r.floorMs)).join(', ')} ms)`,
        },
        {
          name: `${label}: decode + typing vs JSON.parse limit`,
          value: typed.parseMs / typed.decodeTypeMs,
          unit: `x the limit (${Math.round(typed.decodeTypeMs)} ms vs ${Math.round(typed.parseMs)} ms, best of ${DECODE_ROUNDS}; target >= 0.6)`,
        },
        {
          name: `${label}: insert end to end vs floor`,
          value: totalMs / floorMs,
          unit: `x (${Math.round(totalMs)} ms; median of ${INSERT_ROUNDS} rounds: ${ratios}; ${insertTarget(rows)})`,
        },
        ...(Object.keys(phases.ms) as Phase[]).map((p) => ({
          name: `${label}: after last byte, host ${p}`,
          value: phases.ms[p],
          unit: p === 'writeBlock' ? `ms (${phases.blocks} blocks)` : 'ms',
        })),
        {
          name: `${label}: after last byte, in the core (layout, plan, record)`,
          value: Math.max(0, afterMs - hostMs),
          unit: `ms (${Math.round(afterMs)} ms after the last byte in all)`,
        },
        {
          name: `${label}: peak heap vs typed matrix${gc === undefined ? ' (no gc)' : ''}`,
          value: peakBytes / Math.max(1, typed.matrixBytes),
          unit: `x (${Math.round(peakBytes / MB)} MiB vs ${Math.round(typed.matrixBytes / MB)} MiB; target <= 2)`,
        },
        {
          name: `${label}: of which the workbook's cells (what only the host retains)`,
          value: workbookBytes / MB,
          unit: 'MiB (MemoryHost model, with the text it shares with the matrix during the insert; in Excel or Sheets cells live outside the add-in)',
        },
        {
          name: `${label}: peak heap less the workbook's cells vs typed matrix (a lower bound)`,
          value: (peakBytes - workbookBytes) / Math.max(1, typed.matrixBytes),
          unit: `x (${Math.round((peakBytes - workbookBytes) / MB)} MiB)`,
        },
      );
      gc?.();
    }
  } finally {
    await platform.close();
  }
  return out;
}
