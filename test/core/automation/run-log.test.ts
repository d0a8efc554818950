/** Tests for the workbook's bounded run log. */
import {
  RUN_LOG_ENTRIES,
  RUN_LOG_PART_CHARS,
  appendRunChanges,
  readRunLog,
  runLogKey,
  type RunLogEntry,
} from '../../../src/core/automation/run-log';

function entry(i: number, failures = 0, reason = 'The platform refused the key.'): RunLogEntry {
  return {
    at: `2026-11-26T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
    trigger: i % 2 === 0 ? 'ribbon' : 'schedule',
    refreshed: 3,
    total: 3 + failures,
    failures: Array.from({ length: failures }, (_, k) => ({ placementId: `p${k}`, name: `Report ${k}`, reason })),
    moreFailures: 0,
    skipped: [],
    moreSkipped: 0,
    durationMs: 1200,
  };
}

function apply(doc: Record<string, string>, changes: Record<string, string | null>): Record<string, string> {
  const out = { ...doc };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

describe('run log', () => {
  it('appends entries, newest last', () => {
    let doc: Record<string, string> = {};
    for (let i = 0; i < 3; i++) doc = apply(doc, appendRunChanges(doc, entry(i)));
    expect(readRunLog(doc).map((e) => e.at)).toEqual([entry(0).at, entry(1).at, entry(2).at]);
  });

  it('keeps the newest 50', () => {
    let doc: Record<string, string> = {};
    for (let i = 0; i < 60; i++) doc = apply(doc, appendRunChanges(doc, { ...entry(i), durationMs: i }));
    const log = readRunLog(doc);
    expect(log).toHaveLength(RUN_LOG_ENTRIES);
    expect(log[0]?.durationMs).toBe(10);
    expect(log[49]?.durationMs).toBe(59);
  });

  it('names five failures with cut reasons and counts the rest, within the parts', () => {
    let doc: Record<string, string> = {};
    for (let i = 0; i < 50; i++) doc = apply(doc, appendRunChanges(doc, entry(i, 9, 'x'.repeat(5_000))));
    const log = readRunLog(doc);
    expect(log.at(-1)?.failures).toHaveLength(5);
    expect(log.at(-1)?.moreFailures).toBe(4);
    expect(log.at(-1)?.failures[0]?.reason.length).toBeLessThanOrEqual(200);
    for (const value of Object.values(doc)) expect(value.length).toBeLessThanOrEqual(RUN_LOG_PART_CHARS);
    expect(Object.keys(doc).length).toBeLessThanOrEqual(4);
  });

  it('reads a damaged log as its readable entries, or none', () => {
    expect(readRunLog({ [runLogKey(0)]: '[{' })).toEqual([]);
    const good = entry(1);
    expect(readRunLog({ [runLogKey(0)]: JSON.stringify([{ at: 1 }, good]) })).toEqual([good]);
  });

  it('never stores a secret it was not given: only the entry fields', () => {
    const doc = apply({}, appendRunChanges({}, { ...entry(1), apiKey: 'dev-editor-key' } as RunLogEntry));
    expect(JSON.stringify(doc)).not.toContain('dev-editor-key');
  });
});
