/** The start-up requirement check: ExcelApi 1.7 and SharedRuntime 1.1, with a message naming what is missing. */
import { missingRequirementSets, requirementMessage, REQUIRED_SETS } from '../../src/excel/requirements';
import { createOfficeFake } from './fake/install';

const check = (sets: Record<string, string>) => {
  const office = createOfficeFake({ requirementSets: sets }).globals.Office;
  return missingRequirementSets((n, v) => office.context.requirements.isSetSupported(n, v));
};

it('passes a current Excel and names each missing set for an older one', () => {
  expect(check({ ExcelApi: '1.17', SharedRuntime: '1.1' })).toEqual([]);
  expect(check({ ExcelApi: '1.17' }).map((s) => s.name)).toEqual(['SharedRuntime']);
  const old = check({ ExcelApi: '1.6' });
  expect(old).toEqual(REQUIRED_SETS);
  const message = requirementMessage(old);
  expect(message).toContain('ExcelApi 1.7');
  expect(message).toContain('SharedRuntime 1.1');
  expect(message).toMatch(/Update Office/);
});
