import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_PHOTO_SIDE } from './resize';

/** The size arithmetic of the photo resize (jsdom has no canvas; the drawing is checked in the browser). */
describe('fitWithin', () => {
  it('brings a 4000×3000 camera photo down to 1600×1200', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
  });

  it('keeps a portrait photo upright and in proportion', () => {
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1080, 2400)).toEqual({ width: 720, height: MAX_PHOTO_SIDE });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
  });

  it('keeps a very long, thin picture at least one pixel wide', () => {
    expect(fitWithin(10_000, 3)).toEqual({ width: 1600, height: 1 });
  });
});
