/** The query API's row faults (`x-fault` drop/malformed/error-after-rows): which strikes first, and how it ends the stream. */
import type { QueryFaults } from './query-faults';
import type { ResponseStream } from './response-stream';

type FaultKind = 'drop' | 'malformed' | 'error';

export interface RowFault {
  kind: FaultKind;
  afterRows: number;
}

/** The row fault that strikes first, if any. */
export function rowFaultOf(faults: QueryFaults | null): RowFault | null {
  if (faults === null) return null;
  const candidates: RowFault[] = [];
  if (faults.dropAfterRows !== undefined) candidates.push({ kind: 'drop', afterRows: faults.dropAfterRows });
  if (faults.malformedAfterRows !== undefined) candidates.push({ kind: 'malformed', afterRows: faults.malformedAfterRows });
  if (faults.errorAfterRows !== undefined) candidates.push({ kind: 'error', afterRows: faults.errorAfterRows });
  candidates.sort((a, b) => a.afterRows - b.afterRows);
  return candidates[0] ?? null;
}

/** Ends the stream the way `fault` says, after `rowsSent` rows. */
export function strike(fault: RowFault, stream: ResponseStream, rowsSent: number): void {
  switch (fault.kind) {
    case 'drop':
      stream.drop('{"data":[["');
      return;
    case 'malformed':
      stream.end('{"data":[["malformed",\n');
      return;
    case 'error':
      stream.endWithError(`Simulated failure after ${rowsSent} rows (x-fault error-after-rows=${fault.afterRows})`);
      return;
  }
}
