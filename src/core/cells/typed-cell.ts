/** A value typed for a cell: the scalar to write and the number format that makes the host show it as meant. */
import type { Scalar } from '../host';

export interface TypedCell {
  value: Scalar;
  /** Number format to apply; `null` leaves the cell's format alone; TEXT_FORMAT marks inert text. */
  format: string | null;
}
