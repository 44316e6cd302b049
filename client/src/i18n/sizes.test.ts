import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from './messages';
import { formatBytes } from './sizes';

beforeAll(() => loadNamespaces(['common'], 'en'));

/** Sizes as people read them: never in bytes (issue 21), in the screen's digits. */
describe('formatBytes', () => {
  it('says kilobytes under a megabyte and megabytes above, in Bangla digits on a Bangla screen', () => {
    expect(formatBytes(480_000, 'bn')).toBe('৪৮০ কিলোবাইট');
    expect(formatBytes(1_200_000, 'bn')).toBe('১.২ মেগাবাইট');
    expect(formatBytes(1_200_000, 'en')).toBe('1.2 MB');
  });

  it('never rounds a file over the 1.5 MB limit down to the limit itself', () => {
    expect(formatBytes(1_500_000, 'bn')).toBe('১.৫ মেগাবাইট');
    expect(formatBytes(1_520_000, 'bn')).toBe('১.৫২ মেগাবাইট');
    expect(formatBytes(1_500_001, 'en')).toBe('1.500001 MB');
  });
});
