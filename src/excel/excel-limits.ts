/** Excel's limits as the core sees them: 1,048,576 x 16,384 cells, 32,767 characters a cell, 5 MB a request and a response and 5,000,000 cells a read (Excel on the web). */
import type { HostLimits } from '../core/host';
import { EXCEL_GRID } from '../core/cells/a1';
import { EXCEL_READ_BUDGET } from './block-reads';
import { EXCEL_REQUEST_CAP_BYTES } from './sized-writes';

export const EXCEL_LIMITS: HostLimits = {
  ...EXCEL_GRID,
  maxCellsPerWrite: 250_000,
  maxBytesPerWrite: EXCEL_REQUEST_CAP_BYTES,
  maxCellsPerRead: EXCEL_READ_BUDGET.maxCells,
  maxBytesPerRead: EXCEL_READ_BUDGET.maxBytes,
};
