/** Excel's limits as the core sees them: 1,048,576 x 16,384 cells, 32,767 characters a cell, and what one write or read call takes. */
import { READ_BYTES_PER_CELL, type HostLimits } from '../core/host';
import { EXCEL_GRID } from '../core/cells/a1';
import { EXCEL_READ_BUDGET } from './block-reads';
import { EXCEL_REQUEST_CAP_BYTES } from './sized-writes';

/**
 * Excel caps a request and a response at 5 MB (on the web) and a read at 5,000,000 cells, and no number of cells a write:
 * ExcelHost joins a placement's blocks and cuts them into requests under the cap by their real bytes (and at most
 * `maxCellsPerWrite` cells each) and reads a snapshot in responses under it itself. So one snapshot call takes as many
 * cells as one read may return.
 */
export const EXCEL_LIMITS: HostLimits = {
  ...EXCEL_GRID,
  maxCellsPerWrite: 1_000_000,
  maxBytesPerWrite: 5 * EXCEL_REQUEST_CAP_BYTES,
  maxCellsPerRead: EXCEL_READ_BUDGET.maxCells,
  maxBytesPerRead: EXCEL_READ_BUDGET.maxCells * READ_BYTES_PER_CELL,
};
