// The job store in the script cache: progress, outcome and a cancel flag that progress writes cannot overwrite; ids checked; records expire after 6 hours.
import { JobStore } from '../../../appsscript/server/job-store';
import { addinErrorOf } from '../../helpers/caught-error';
import { createFakeEnvironment, type FakeEnvironment } from '../fakes/environment';

let env: FakeEnvironment;
let jobs: JobStore;
const ID = 'job_0123456789abcdef';
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
  jobs = new JobStore(env.caches.script, () => env.execution.now());
});
afterEach(() => env.close());

test('a job goes from running with progress to an outcome, keeping its last progress', () => {
  jobs.start(ID);
  expect(jobs.read(ID)).toMatchObject({ state: 'running', progress: null, outcome: null });
  env.execution.advance(1000);
  jobs.progress(ID, { done: 2, total: 5 });
  expect(jobs.read(ID)).toEqual({ state: 'running', progress: { done: 2, total: 5 }, outcome: null, updatedAt: env.execution.now() });
  jobs.finish(ID, 'failed', { kind: 'network', message: 'x' });
  expect(jobs.read(ID)).toMatchObject({ state: 'failed', progress: { done: 2, total: 5 }, outcome: { kind: 'network' } });
});

test('a cancel request survives the job’s later progress writes, and a new start clears it', () => {
  jobs.start(ID);
  expect(jobs.cancelRequested(ID)).toBe(false);
  jobs.requestCancel(ID);
  jobs.progress(ID, { done: 3 });
  expect(jobs.cancelRequested(ID)).toBe(true);
  jobs.start(ID);
  expect(jobs.cancelRequested(ID)).toBe(false);
});

test('records expire after 6 hours; unknown jobs read as null; bad ids and damaged records are refused', () => {
  jobs.start(ID);
  env.execution.advance(6 * 3600 * 1000 - 1);
  env.begin('FULL'); // a later execution (a poll from the sidebar)
  expect(jobs.read(ID)).not.toBeNull();
  env.execution.advance(1);
  expect(jobs.read(ID)).toBeNull();
  expect(() => jobs.start('short')).toThrow(/16 to 64/);
  env.caches.script.put(`svc.job.${ID}.status`, '{"state":"weird"}');
  expect(addinErrorOf(() => jobs.read(ID)).kind).toBe('host');
  expect(addinErrorOf(() => jobs.progress(ID, 'x'.repeat(100 * 1024))).kind).toBe('limit');
});
