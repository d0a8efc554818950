/** A result the target cannot hold stops the stream the moment it passes the budget, with a typed error; the cells stay as they were. */
import { QueryClient } from '../../../src/core/api/query-client';
import type { Transport } from '../../../src/core/api/transport';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import { AddinError } from '../../../src/core/errors/addin-error';
import { seededRandom } from '../../helpers/contract-fake-clock';
import { cells, countingBytes, fakeClock, FakeReports } from '../placements/fakes';

const HEADER = `${JSON.stringify({
  schema: [
    { name: 'key', column_type: 'String' },
    { name: 'n', column_type: 'Int64' },
  ],
})}\n`;

/** A stream of `lines` data lines of `perLine` rows each, one line per chunk; counts what was read and whether it was closed. */
function streamingTransport(lines: number, perLine: number, columns = 2) {
  const seen = { chunksRead: 0, closedEarly: false, finished: false };
  const header =
    columns === 2
      ? HEADER
      : `${JSON.stringify({ schema: Array.from({ length: columns }, (_, i) => ({ name: `c${i}`, column_type: 'String' })) })}\n`;
  const transport: Transport = async () => ({
    status: 200,
    headers: {},
    text: async () => {
      throw new Error('not buffered');
    },
    chunks: async function* () {
      let ended = false;
      try {
        seen.chunksRead++;
        yield header;
        for (let l = 0; l < lines; l++) {
          seen.chunksRead++;
          const data = Array.from({ length: perLine }, (_, r) =>
            Array.from({ length: columns }, (__, c) => (c === 1 ? String(l * perLine + r) : `k${l * perLine + r}`)),
          );
          yield `${JSON.stringify({ data })}\n`;
        }
        ended = true;
        seen.finished = true;
      } finally {
        if (!ended) seen.closedEarly = true;
      }
    },
  });
  return { transport, seen };
}

function client(transport: Transport, maxResultBytes?: number): QueryClient {
  return new QueryClient({
    deploymentUrl: 'https://tenant.example.com/d/1',
    credential: 'k',
    transport,
    clock: fakeClock(),
    random: seededRandom(4),
    ...(maxResultBytes === undefined ? {} : { maxResultBytes }),
  });
}

async function failure(p: Promise<unknown>): Promise<AddinError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AddinError);
  return e as AddinError;
}

describe('QueryClient budget', () => {
  it('stops reading at the first data line past maxRows and says how many rows the query returns at least', async () => {
    const { transport, seen } = streamingTransport(1000, 10);
    const e = await failure(client(transport).run({ query: 'SELECT 1', budget: { maxRows: 25 } }));
    expect(e.kind).toBe('limit');
    expect(e.code).toBe('resultTooLarge');
    expect(e.data['rowsAtLeast']).toBe(30);
    expect(e.message).toMatch(/at least 30 rows/);
    expect(e.message).toMatch(/filter/);
    expect(e.message).toMatch(/Limit/);
    expect(e.message).toMatch(/another cell/);
    expect(seen.chunksRead).toBe(4); // the header and three data lines: not the other 997
    expect(seen.closedEarly).toBe(true);
  });

  it('stops at the runtime byte budget, and at a header wider than maxCols', async () => {
    const big = streamingTransport(1000, 100);
    const e = await failure(client(big.transport, 20_000).run({ query: 'SELECT 1' }));
    expect(e).toMatchObject({ kind: 'limit', code: 'resultTooLarge' });
    expect(e.message).toMatch(/MB/);
    expect(big.seen.chunksRead).toBeLessThan(20);

    const wide = streamingTransport(5, 1, 30);
    const w = await failure(client(wide.transport).run({ query: 'SELECT 1', budget: { maxCols: 26 } }));
    expect(w).toMatchObject({ kind: 'limit', code: 'resultTooWide' });
    expect(w.message).toMatch(/30 columns/);
    expect(wide.seen.chunksRead).toBe(1);
  });

  it("counts the stream's bytes as its transport read them when the transport counts them", async () => {
    const { transport } = streamingTransport(1000, 10);
    const read = { bytes: 0 };
    // A transport that reports ten times the bytes of its text (as a body with much whitespace between lines would).
    const counted: Transport = async (request) => {
      const response = await transport(request);
      return {
        ...response,
        chunks: async function* () {
          for await (const chunk of response.chunks()) {
            read.bytes += chunk.length * 10;
            yield chunk;
          }
        },
        bytesRead: () => read.bytes,
      };
    };
    const e = await failure(client(counted, 20_000).run({ query: 'SELECT 1' }));
    expect(e).toMatchObject({ kind: 'limit', code: 'resultTooLarge' });
    expect(read.bytes).toBeLessThan(40_000);
  });

  it('reads a result within the budget to its end', async () => {
    const { transport, seen } = streamingTransport(3, 10);
    const result = await client(transport).run({ query: 'SELECT 1', budget: { maxRows: 30, maxCols: 2, maxBytes: 1e6 } });
    expect(result.rows).toHaveLength(30);
    expect(seen.finished).toBe(true);
    expect(seen.closedEarly).toBe(false);
  });
});

describe('a refresh whose result outgrows the sheet', () => {
  it('stops the stream at the sheet limit and leaves the cells as they were', async () => {
    const model = new WorkbookModel({ name: 'Plan.xlsx' });
    const host = new MemoryHost(model, { limits: { maxRows: 50 }, mintWorkbookId: () => 'wb' });
    const sheetId = model.sheets()[0]!.id;
    let stream = streamingTransport(2, 10);
    const orchestrator = new Orchestrator({
      host,
      reports: new FakeReports(),
      queries: () => client((req) => stream.transport(req)),
      clock: fakeClock(),
      randomBytes: countingBytes(),
      timezone: 'UTC',
    });
    const placed = await orchestrator.insert(
      { deploymentId: '1', environmentId: '2', name: 'Keys', sqlQuery: 'SELECT key, n FROM t' },
      { sheetId, row: 0, col: 0 },
      {},
    );
    expect(placed.areaRows).toBe(21);
    const before = cells(model);

    stream = streamingTransport(100_000, 10);
    const e = await failure(orchestrator.refresh(placed.placementId, {}));
    expect(e).toMatchObject({ kind: 'limit', code: 'resultTooLarge' });
    expect(e.data['rowsAtLeast']).toBe(50);
    expect(stream.seen.chunksRead).toBe(6);
    expect(stream.seen.closedEarly).toBe(true);
    expect(cells(model)).toEqual(before);
  });
});
