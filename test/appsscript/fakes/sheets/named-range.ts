/** The Sheets fake's `NamedRange`: a name's area, which the spreadsheet moves with inserted or deleted rows. */
import { FakeRange } from './range';
import type { FakeSpreadsheet } from './spreadsheet';

export class FakeNamedRange {
  constructor(
    private readonly book: FakeSpreadsheet,
    private readonly name: string,
  ) {}
  private entry() {
    const e = this.book.namedRanges.get(this.name);
    if (!e) throw new Error(`Named range ${this.name} not found.`);
    return e;
  }
  getName(): string {
    return this.name;
  }
  getRange(): FakeRange {
    const e = this.entry();
    return new FakeRange(e.sheet, { ...e.area });
  }
  setRange(range: FakeRange): FakeNamedRange {
    this.entry();
    this.book.namedRanges.set(this.name, { sheet: range.sheet, area: { ...range.area } });
    return this;
  }
  remove(): void {
    this.entry();
    this.book.namedRanges.delete(this.name);
  }
}
