/** Data-driven spec: every fixture in test/fixtures/builder compiles as its expected SQL, JSON query and pivot items, or error. */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AddinError } from '../../../src/core/errors/addin-error';
import { metaSchema } from '../../../src/core/wire/schemas';
import { builderStateSchema } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import { addinErrorOf } from '../../helpers/caught-error';

const DIR = path.join(__dirname, '../../fixtures/builder');
const meta = metaSchema.parse(JSON.parse(fs.readFileSync(path.join(DIR, 'meta.json'), 'utf8')));

const fixtureSchema = z.object({
  description: z.string().optional(),
  state: z.unknown(),
  sql: z.array(z.string()).optional(),
  jsonQuery: z.record(z.string(), z.unknown()).optional(),
  pivotItems: z
    .object({ rows: z.array(z.string()), columns: z.array(z.string()), measures: z.array(z.string()), filters: z.array(z.string()) })
    .optional(),
  error: z.object({ kind: z.string(), message: z.string(), member: z.string().optional() }).optional(),
});

const files = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && f !== 'meta.json')
  .sort();

function load(file: string) {
  const fixture = fixtureSchema.parse(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
  const state = builderStateSchema.parse(fixture.state);
  return { fixture, state };
}

describe('builder fixtures', () => {
  it('has good and error fixtures', () => {
    expect(files.filter((f) => f.startsWith('error.')).length).toBeGreaterThan(10);
    expect(files.filter((f) => !f.startsWith('error.')).length).toBeGreaterThan(10);
  });

  for (const file of files.filter((f) => !f.startsWith('error.'))) {
    it(`compiles ${file}`, () => {
      const { fixture, state } = load(file);
      if (fixture.sql === undefined) throw new Error(`${file} has neither sql nor error`);
      const compiled = compileBuilder(state, meta);
      expect(compiled.sqlQuery).toBe(fixture.sql.join('\n'));
      if (fixture.jsonQuery !== undefined) expect(JSON.parse(compiled.jsonQuery)).toEqual(fixture.jsonQuery);
      if (fixture.pivotItems !== undefined) expect(compiled.pivotItems).toEqual(fixture.pivotItems);
      // Deterministic: the same state (and a copy of it) compiles to the same text.
      expect(compileBuilder(structuredClone(state), meta)).toEqual(compiled);
    });
  }

  for (const file of files.filter((f) => f.startsWith('error.'))) {
    it(`refuses ${file}`, () => {
      const { fixture, state } = load(file);
      if (fixture.error === undefined) throw new Error(`${file} has no expected error`);
      const err = addinErrorOf(() => compileBuilder(state, meta));
      expect(err).toBeInstanceOf(AddinError);
      expect(err.kind).toBe(fixture.error.kind);
      expect(err.message).toContain(fixture.error.message);
      if (fixture.error.member !== undefined) {
        expect(err.message).toContain(fixture.error.member);
        expect(err.data.member).toBe(fixture.error.member);
      }
    });
  }
});
