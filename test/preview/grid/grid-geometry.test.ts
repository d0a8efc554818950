/** The grid's window, extent and reveal arithmetic. */
import fc from 'fast-check';
import {
  COL_WIDTH,
  HEADER_HEIGHT,
  MIN_ROWS,
  OVERSCAN_ROWS,
  ROW_HEADER_WIDTH,
  ROW_HEIGHT,
  gridExtent,
  gridWindow,
  revealScroll,
  revealSelection,
} from '../../../src/preview/grid/grid-geometry';

describe('gridWindow', () => {
  it('renders only the visible rows plus overscan, wherever the scroll is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 * ROW_HEIGHT }), fc.integer({ min: 100, max: 2000 }), (scrollTop, height) => {
        const w = gridWindow({ scrollTop, scrollLeft: 0, width: 1000, height }, 200_000, 30);
        const visibleFirst = Math.floor(scrollTop / ROW_HEIGHT);
        expect(w.firstRow).toBeLessThanOrEqual(visibleFirst);
        expect(w.endRow).toBeGreaterThanOrEqual(Math.min(200_000, Math.ceil((scrollTop + height - HEADER_HEIGHT) / ROW_HEIGHT)));
        expect(w.endRow - w.firstRow).toBeLessThanOrEqual(Math.ceil(height / ROW_HEIGHT) + 2 * OVERSCAN_ROWS + 1);
        expect(w.endRow).toBeLessThanOrEqual(200_000);
      }),
    );
  });

  it('clamps to the grid', () => {
    expect(gridWindow({ scrollTop: 0, scrollLeft: 0, width: 5000, height: 5000 }, 10, 3)).toEqual({
      firstRow: 0,
      endRow: 10,
      firstCol: 0,
      endCol: 3,
    });
  });
});

describe('gridExtent', () => {
  const base = { lastRow: -1, lastCol: -1, selRow: 0, selCol: 0, grownRows: 0, grownCols: 0, maxRows: 1_048_576, maxCols: 16_384 };
  it('shows the used part plus a margin, at least a minimum, at most the sheet', () => {
    expect(gridExtent(base).rows).toBe(MIN_ROWS);
    expect(gridExtent({ ...base, lastRow: 199_999 }).rows).toBeGreaterThan(200_000);
    expect(gridExtent({ ...base, selRow: 1_048_575 }).rows).toBe(1_048_576);
    expect(gridExtent({ ...base, grownCols: 16_384 }).cols).toBe(16_384);
  });
});

describe('revealScroll', () => {
  const v = { scrollTop: 0, scrollLeft: 0, width: ROW_HEADER_WIDTH + 5 * COL_WIDTH, height: HEADER_HEIGHT + 10 * ROW_HEIGHT };
  it('leaves a visible cell alone and scrolls the least to show another', () => {
    expect(revealScroll(v, 3, 2)).toEqual({ scrollTop: 0, scrollLeft: 0 });
    expect(revealScroll(v, 10, 0)).toEqual({ scrollTop: ROW_HEIGHT, scrollLeft: 0 });
    expect(revealScroll(v, 150_000, 7)).toEqual({ scrollTop: 150_000 * ROW_HEIGHT - 9 * ROW_HEIGHT, scrollLeft: 3 * COL_WIDTH });
    expect(revealScroll({ ...v, scrollTop: 1000, scrollLeft: 500 }, 0, 0)).toEqual({ scrollTop: 0, scrollLeft: 0 });
  });
});

describe('revealSelection', () => {
  const v = {
    scrollTop: 5000 * ROW_HEIGHT,
    scrollLeft: 0,
    width: ROW_HEADER_WIDTH + 5 * COL_WIDTH,
    height: HEADER_HEIGHT + 10 * ROW_HEIGHT,
  };
  it('"Go to" a range above shows its top-left cell (its header row), not just its far corner', () => {
    const range = { row: 3, col: 1, rows: 2, cols: 1 };
    expect(revealSelection(v, range, { row: 4, col: 1 }, 'range').scrollTop).toBe(3 * ROW_HEIGHT);
    expect(revealSelection(v, range, { row: 4, col: 1 }, 'focus').scrollTop).toBe(4 * ROW_HEIGHT);
  });
  it('a range taller than the view shows its top rows', () => {
    const range = { row: 100, col: 0, rows: 500, cols: 3 };
    expect(revealSelection({ ...v, scrollTop: 0 }, range, { row: 599, col: 2 }, 'range').scrollTop).toBe(100 * ROW_HEIGHT);
  });
  it('a range that fits is shown whole', () => {
    const range = { row: 20, col: 0, rows: 5, cols: 2 };
    const t = revealSelection({ ...v, scrollTop: 0 }, range, { row: 24, col: 1 }, 'range');
    expect(t.scrollTop).toBeLessThanOrEqual(20 * ROW_HEIGHT);
    expect(t.scrollTop + 9 * ROW_HEIGHT).toBeGreaterThanOrEqual(24 * ROW_HEIGHT);
  });
});
