/** Data-driven spec: every fixture in test/fixtures/ndjson, fed whole, split at every character, and in random byte chunks. */
import { textDecoderUtf8 } from '../../../src/browser/text-decoder-utf8';
import fs from 'node:fs';
import path from 'node:path';
import { AddinError } from '../../../src/core/errors/addin-error';
import type { StreamHeader, StreamValue } from '../../../src/core/wire/schemas';
import { createNdjsonDecoder, type NdjsonDecoder, type NdjsonDecoderOptions } from '../../../src/core/ndjson/ndjson-decoder';
import { createUtf8Feeder } from '../../../src/core/ndjson/utf8-feeder';
import { seededRandom } from '../../helpers/contract-fake-clock';

const DIR = path.join(__dirname, '../../fixtures/ndjson');
const SEEDS = [1, 2, 3, 5, 8, 13];

type Event = { header: StreamHeader } | { rows: StreamValue[][] } | { end: { rows: number } };

interface ExpectedError {
  kind: string;
  code?: string;
  data?: Record<string, unknown>;
  messageIncludes?: string[];
}

interface Expected {
  options?: NdjsonDecoderOptions;
  events: Event[];
  error?: ExpectedError;
}

interface Outcome {
  events: Event[];
  error?: unknown;
}

/** Runs one decoder over `drive`, recording events and the first error thrown. */
function decode(options: NdjsonDecoderOptions | undefined, drive: (d: NdjsonDecoder) => void): Outcome {
  const events: Event[] = [];
  const decoder = createNdjsonDecoder(
    {
      onHeader: (header) => events.push({ header }),
      onRows: (rows) => events.push({ rows }),
      onEnd: (summary) => events.push({ end: summary }),
    },
    options,
  );
  try {
    drive(decoder);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

function byteChunks(bytes: Uint8Array, seed: number): Uint8Array[] {
  const random = seededRandom(seed); // deterministic (mulberry32) so a failing seed can be replayed
  const chunks: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    // Mostly tiny chunks (splitting multi-byte characters), sometimes large ones.
    const size = random() < 0.8 ? 1 + Math.floor(random() * 4) : 1 + Math.floor(random() * 64);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

function check(outcome: Outcome, expected: Expected): void {
  expect(outcome.events).toEqual(expected.events);
  if (expected.error === undefined) {
    expect(outcome.error).toBeUndefined();
    return;
  }
  const error = outcome.error;
  expect(error).toBeInstanceOf(AddinError);
  if (!(error instanceof AddinError)) return;
  expect(error.kind).toBe(expected.error.kind);
  if (expected.error.code !== undefined) expect(error.code).toBe(expected.error.code);
  if (expected.error.data !== undefined) expect(error.data).toMatchObject(expected.error.data);
  for (const part of expected.error.messageIncludes ?? []) expect(error.message).toContain(part);
}

const names = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.ndjson'))
  .map((f) => f.slice(0, -'.ndjson'.length))
  .sort();

describe('NDJSON fixtures', () => {
  it('has good and failing fixtures, each with its expectation', () => {
    expect(names.filter((n) => n.startsWith('error.')).length).toBeGreaterThan(10);
    expect(names.filter((n) => !n.startsWith('error.')).length).toBeGreaterThan(5);
    for (const name of names) expect(fs.existsSync(path.join(DIR, `${name}.expected.json`))).toBe(true);
  });

  describe.each(names)('%s', (name) => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(DIR, `${name}.ndjson`)));
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    const expected = JSON.parse(fs.readFileSync(path.join(DIR, `${name}.expected.json`), 'utf8')) as Expected;

    it(name.startsWith('error.') ? 'fails as expected' : 'decodes as expected', () => {
      expect(name.startsWith('error.')).toBe(expected.error !== undefined);
    });

    it('fed whole', () => {
      check(
        decode(expected.options, (d) => {
          d.feed(text);
          d.end();
        }),
        expected,
      );
    });

    it('fed in two parts split at every character boundary', () => {
      for (let k = 0; k <= text.length; k++) {
        const outcome = decode(expected.options, (d) => {
          d.feed(text.slice(0, k));
          d.feed(text.slice(k));
          d.end();
        });
        try {
          check(outcome, expected);
        } catch (e) {
          throw new Error(`split at ${k}: ${(e as Error).message}`);
        }
      }
    });

    it.each(SEEDS)('fed as random byte chunks through the UTF-8 feeder (seed %i)', (seed) => {
      check(
        decode(expected.options, (d) => {
          const feeder = createUtf8Feeder(d, textDecoderUtf8());
          for (const chunk of byteChunks(bytes, seed)) feeder.feedBytes(chunk);
          feeder.end();
        }),
        expected,
      );
    });
  });
});
