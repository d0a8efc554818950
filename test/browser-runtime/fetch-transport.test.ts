/** The browser's fetch transport: fatal UTF-8 on the real fetch path, bodies read to their end or closed, cancel bridged to fetch. */
import { fetchTransport, type FetchLike } from '../../src/browser/fetch-transport';
import { QueryClient } from '../../src/core/api/query-client';
import { createCancelSource } from '../../src/core/runtime/cancel-signal';
import { AddinError } from '../../src/core/errors/addin-error';
import { recordingClock, seededRandom } from '../helpers/contract-fake-clock';

const enc = new TextEncoder();
const HEADER = '{"schema":[{"name":"city","column_type":"String"}]}\n';

interface Served {
  /** Chunks the page pulled from the body. */
  pulled: number;
  /** True once the body was read to its end (its last chunk and the end both delivered). */
  readToEnd: boolean;
  /** The reason the page cancelled the body with, if it did. */
  cancelled: boolean;
  /** Whether fetch's AbortSignal fired. */
  aborted: boolean;
}

/** A fetch answering 200 with `chunks` as the body, one per pull, recording how the body was consumed. */
function servedFetch(chunks: Uint8Array[]): { fetch: FetchLike; served: Served } {
  const served: Served = { pulled: 0, readToEnd: false, cancelled: false, aborted: false };
  const fetch: FetchLike = async (_url, init) => {
    init.signal?.addEventListener('abort', () => {
      served.aborted = true;
    });
    let i = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const chunk = chunks[i++];
          if (chunk === undefined) {
            served.readToEnd = true;
            controller.close();
            return;
          }
          served.pulled++;
          controller.enqueue(chunk);
        },
        cancel() {
          served.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { status: 200, headers: new Headers({ 'content-type': 'application/x-ndjson' }), text: async () => '', body };
  };
  return { fetch, served };
}

function queryClient(fetch: FetchLike): QueryClient {
  return new QueryClient({
    deploymentUrl: 'https://tenant.example.com/d/1',
    credential: 'k',
    transport: fetchTransport(fetch),
    clock: recordingClock(),
    random: seededRandom(5),
    // The recording clock's pauses pass their time at once, so an idle watch on it would fire at once.
    idleTimeoutMs: Infinity,
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

describe('fetchTransport', () => {
  it('fails invalid UTF-8 (Z\\xFCrich in Latin-1) as a stream error naming its line, instead of writing Z\\uFFFDrich', async () => {
    const bad = Uint8Array.of(...enc.encode('{"data":[["'), 0x5a, 0xfc, ...enc.encode('rich"]]}\n'));
    const { fetch } = servedFetch([enc.encode(HEADER), enc.encode('{"data":[["Bern"]]}\n'), bad, enc.encode('{"data":[["Genf"]]}\n')]);
    const e = await failure(queryClient(fetch).run({ query: 'SELECT city' }));
    expect(e.kind).toBe('stream');
    expect(e.code).toBe('invalidUtf8');
    expect(e.data['line']).toBe(3);
    expect(e.message).toMatch(/line 3/);
  });

  it('names the right line when the bad byte sits in a chunk with good lines before it, and keeps split characters whole', async () => {
    const text = enc.encode(`${HEADER}{"data":[["Zürich"]]}\n`);
    const bad = Uint8Array.of(...enc.encode('{"data":[["ok"]]}\n{"data":[["'), 0xff, ...enc.encode('"]]}\n'));
    const split = text.indexOf(0xc3) + 1; // between the two bytes of ü
    const good = servedFetch([text.subarray(0, split), text.subarray(split)]);
    await expect(queryClient(good.fetch).run({ query: 'SELECT city' })).resolves.toMatchObject({ rows: [['Zürich']] });
    const { fetch } = servedFetch([text, bad]);
    const e = await failure(queryClient(fetch).run({ query: 'SELECT city' }));
    expect(e.data['line']).toBe(4);
  });

  it('reads a successful result to its end: the response completes, nothing is cancelled or aborted', async () => {
    const { fetch, served } = servedFetch([enc.encode(HEADER), enc.encode('{"data":[["Bern"]]}\n'), enc.encode('{"data":[["Basel"]]}\n')]);
    const result = await queryClient(fetch).run({ query: 'SELECT city', signal: createCancelSource().signal });
    expect(result.rows).toEqual([['Bern'], ['Basel']]);
    expect(served.readToEnd).toBe(true);
    expect(served.cancelled).toBe(false);
    expect(served.aborted).toBe(false);
  });

  it('counts the bytes it reads, a character split across chunks included, for the result and its progress', async () => {
    const body = enc.encode(`${HEADER}{"data":[["Zürich"]]}\n{"data":[["Genève"]]}\n`);
    // The ü's two bytes fall in two chunks.
    const cut = HEADER.length + 13;
    const { fetch } = servedFetch([body.slice(0, cut), body.slice(cut)]);
    const progress: number[] = [];
    const result = await queryClient(fetch).run({ query: 'SELECT city', onProgress: (p) => progress.push(p.bytes) });
    expect(result.rows).toEqual([['Zürich'], ['Genève']]);
    expect(result.bytes).toBe(body.length);
    expect(progress.at(-1)).toBe(body.length);
  });

  it('closes a body it leaves early (an error line) deliberately instead of dropping it half-read', async () => {
    const { fetch, served } = servedFetch([
      enc.encode(HEADER),
      enc.encode('{"error":"Query failed: division by zero"}\n'),
      enc.encode('{"data":[["never read"]]}\n'),
    ]);
    const e = await failure(queryClient(fetch).run({ query: 'SELECT city' }));
    expect(e.kind).toBe('query');
    expect(served.cancelled).toBe(true);
    expect(served.readToEnd).toBe(false);
  });

  it('bridges the core CancelSignal to fetch: a cancel mid-body aborts the request', async () => {
    const source = createCancelSource();
    const { fetch, served } = servedFetch([enc.encode(HEADER), enc.encode('{"data":[["Bern"]]}\n'), enc.encode('{"data":[["Basel"]]}\n')]);
    const e = await failure(
      queryClient(fetch).run({
        query: 'SELECT city',
        signal: source.signal,
        onProgress: (p) => {
          if (p.rows >= 1) source.cancel();
        },
      }),
    );
    expect(e.kind).toBe('cancelled');
    expect(served.aborted).toBe(true);
  });

  it('lets the page in while it reads a large buffered body: one 200 KB chunk is handed on in slices with a pause between them', async () => {
    const rows = Array.from({ length: 4_000 }, (_, i) => `{"data":[["Zürich ${i} ${'é'.repeat(20)}"]]}\n`).join('');
    const body = enc.encode(HEADER + rows);
    expect(body.length).toBeGreaterThan(200_000);
    const { fetch } = servedFetch([body]);
    let t = 0;
    const handedOn: number[] = [];
    let sincePause = 0;
    const pacing = {
      // Every look at the clock finds 40 ms gone: the page is let in before every read and every slice.
      now: () => (t += 40),
      everyMs: 30,
      pause: async () => {
        handedOn.push(sincePause);
        sincePause = 0;
      },
    };
    const chunks: string[] = [];
    const response = await fetchTransport(fetch, undefined, pacing)({ method: 'POST', url: 'https://x.example/q', headers: {} });
    for await (const text of response.chunks()) {
      chunks.push(text);
      sincePause += enc.encode(text).length;
    }
    expect(chunks.join('')).toBe(HEADER + rows);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(handedOn.length).toBeGreaterThanOrEqual(4);
    // A slice's text may carry the end of a character split at the previous slice's edge.
    expect(Math.max(...handedOn, sincePause)).toBeLessThanOrEqual(64 * 1024 + 3);
  });

  describe('text() of a small body of a declared length', () => {
    /** A 200 whose body is `bytes`, declared `declared` bytes long, recording which consumer read it. */
    function sized(
      bytes: Uint8Array,
      declared: number,
      more: { type?: string; headers?: Record<string, string> } = {},
    ): { fetch: FetchLike; read: string[] } {
      const read: string[] = [];
      const fetch: FetchLike = async () => ({
        status: 200,
        ...(more.type === undefined ? {} : { type: more.type }),
        headers: new Headers({ 'content-length': String(declared), ...more.headers }),
        body: new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              read.push('stream');
              controller.enqueue(bytes);
              controller.close();
            },
          },
          { highWaterMark: 0 },
        ),
        arrayBuffer: async () => {
          read.push('whole');
          return bytes.slice().buffer;
        },
      });
      return { fetch, read };
    }

    it("is read whole by the response's own consumer, so the browser completes the request as finished", async () => {
      const bytes = enc.encode('{"id":1001,"name":"Zürich"}');
      const { fetch, read } = sized(bytes, bytes.length);
      const response = await fetchTransport(fetch)({ method: 'PUT', url: 'https://x.example/r', headers: {} });
      expect(await response.text(1024)).toBe('{"id":1001,"name":"Zürich"}');
      expect(read).toEqual(['whole']);
    });

    it('is refused as too large when what it decodes to passes the cap (a compressed body declares its compressed size)', async () => {
      const bytes = enc.encode('x'.repeat(5_000));
      const { fetch } = sized(bytes, 200);
      const response = await fetchTransport(fetch)({ method: 'GET', url: 'https://x.example/r', headers: {} });
      await expect(response.text(1_000)).rejects.toMatchObject({ kind: 'limit', data: { limitBytes: 1_000 } });
    });

    it.each([
      ['a compressed body (its declared length is the compressed one)', { headers: { 'content-encoding': 'gzip, gzip' } }],
      ['a cross-origin body without a visible Content-Encoding (CORS hides it)', { type: 'cors' }],
    ])('reads %s through the stream, stopping at the cap', async (_what, more) => {
      const bytes = enc.encode('z'.repeat(5_000));
      const { fetch, read } = sized(bytes, 200, more);
      const response = await fetchTransport(fetch)({ method: 'GET', url: 'https://x.example/r', headers: {} });
      await expect(response.text(1_000)).rejects.toMatchObject({ kind: 'limit', data: { limitBytes: 1_000 } });
      expect(read).toEqual(['stream']);
    });

    it('reads a cross-origin body whose Content-Encoding is exposed as identity whole', async () => {
      const bytes = enc.encode('{"ok":true}');
      const { fetch, read } = sized(bytes, bytes.length, { type: 'cors', headers: { 'content-encoding': 'identity' } });
      const response = await fetchTransport(fetch)({ method: 'GET', url: 'https://x.example/r', headers: {} });
      expect(await response.text(1024)).toBe('{"ok":true}');
      expect(read).toEqual(['whole']);
    });

    it('reads a body declared past the whole-read size through the stream, counting bytes against the cap', async () => {
      const bytes = enc.encode('y'.repeat(70 * 1024));
      const { fetch, read } = sized(bytes, bytes.length);
      const response = await fetchTransport(fetch)({ method: 'GET', url: 'https://x.example/r', headers: {} });
      expect((await response.text(1024 * 1024)).length).toBe(70 * 1024);
      expect(read).toEqual(['stream']);
    });
  });
});
