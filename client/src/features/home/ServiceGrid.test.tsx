import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { routes } from '../../router';
import { SERVICES } from './ServiceGrid';

describe('the twelve service cards of the home page', () => {
  it('each lands on a page of its own, never on the not-found page', () => {
    expect(SERVICES).toHaveLength(12);
    for (const s of SERVICES) {
      const matched = matchRoutes(routes, s.to);
      expect(matched?.at(-1)?.route.path, s.to).not.toBe('*');
    }
  });

  it('a path nobody built still falls to the not-found page (the check above can fail)', () => {
    expect(matchRoutes(routes, '/no-such-service')?.at(-1)?.route.path).toBe('*');
  });
});
