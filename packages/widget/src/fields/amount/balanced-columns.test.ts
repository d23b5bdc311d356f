import { describe, expect, it } from 'vitest';
import { AMOUNT_BLOCK_GAP_PX, AMOUNT_BLOCK_MIN_PX, balancedColumns } from './balanced-columns';

/** The width that fits exactly `blocks` blocks in a row. */
const fits = (blocks: number) => blocks * AMOUNT_BLOCK_MIN_PX + (blocks - 1) * AMOUNT_BLOCK_GAP_PX;

describe('amount blocks in rows of equal length (SPEC §2 predefined amounts, §5 Amount)', () => {
  it('SPEC §2: all the blocks in one row when they fit', () => {
    expect(balancedColumns(4, fits(4))).toBe(4);
    expect(balancedColumns(4, 1000)).toBe(4);
    expect(balancedColumns(3, fits(3))).toBe(3);
  });

  it('SPEC §2: never a lone block under the others: 4 that fit 3 to a row go 2 + 2', () => {
    // A 390 px phone gives the group about 326 px: room for 3.
    expect(balancedColumns(4, 326)).toBe(2);
    expect(balancedColumns(4, fits(4) - 1)).toBe(2);
    expect(balancedColumns(5, fits(4))).toBe(3);
    expect(balancedColumns(6, fits(4))).toBe(3);
    expect(balancedColumns(7, fits(3))).toBe(3);
    expect(balancedColumns(8, fits(3))).toBe(3);
  });

  it('the fewest rows that fit, filled as evenly as equal columns allow, for any count and width', () => {
    for (let count = 1; count <= 12; count += 1) {
      for (let width = 40; width <= 1200; width += 7) {
        const columns = balancedColumns(count, width);
        const rows = Math.ceil(count / columns);
        const last = count - (rows - 1) * columns;
        expect(columns).toBeGreaterThanOrEqual(1);
        expect(columns).toBeLessThanOrEqual(count);
        // No more blocks to a row than fit (one always does).
        expect(columns === 1 || fits(columns) <= width).toBe(true);
        // No more rows than the blocks that fit need.
        const fit = Math.max(
          1,
          Math.floor((width + AMOUNT_BLOCK_GAP_PX) / (AMOUNT_BLOCK_MIN_PX + AMOUNT_BLOCK_GAP_PX)),
        );
        expect(rows).toBe(Math.ceil(count / Math.min(fit, count)));
        expect(columns - last).toBeLessThanOrEqual(rows - 1);
      }
    }
  });
});
