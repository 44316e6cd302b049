import { describe, expect, it } from 'vitest';
import { parseDayFirst } from './dates';

/** Dates are typed the way they are shown: day first, Bangla or Latin digits (issue 21). */
describe('parseDayFirst', () => {
  it('reads day-month-year in Bangla or Latin digits, with or without separators', () => {
    expect(parseDayFirst('10112026')).toBe('2026-11-10');
    expect(parseDayFirst('১০-১১-২০২৬')).toBe('2026-11-10');
    expect(parseDayFirst('10/11/2026')).toBe('2026-11-10');
    expect(parseDayFirst(' 1.2.2026 ')).toBe('2026-02-01');
    expect(parseDayFirst('2026-11-10')).toBe('2026-11-10');
  });

  it('refuses what is not one real day instead of guessing', () => {
    for (const bad of ['31-02-2026', '10-13-2026', '10-11-26', '1011202', '2026-02-30', 'আজ', '', '00-01-2026'])
      expect(parseDayFirst(bad), bad).toBeNull();
    expect(parseDayFirst('29-02-2028')).toBe('2028-02-29');
    expect(parseDayFirst('29-02-2026')).toBeNull();
  });
});
