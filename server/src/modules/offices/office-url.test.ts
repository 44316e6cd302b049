import { describe, expect, it } from 'vitest';
import type { Office } from './offices.repository.js';
import { officeUrl } from './office-url.js';

const office = (host: string | null): Office => ({
  id: 2,
  code: 'u133',
  nameBn: 'শিবগঞ্জ',
  nameEn: 'Shibganj',
  host,
  upazilaId: 133,
  district: null,
  division: null,
  open: true,
});

describe("an office's address in what the portal sends", () => {
  it("is the office's own host, over PUBLIC_URL's scheme and port, when the request came by it", () => {
    const bogura = office('shibganj.bogra.gov.bd');
    expect(officeUrl('https://portal.gov.bd/', bogura, 'Shibganj.Bogra.gov.bd')).toBe('https://shibganj.bogra.gov.bd');
    expect(officeUrl('http://localhost:3000', office('shibganj.localhost'), 'shibganj.localhost:3000')).toBe(
      'http://shibganj.localhost:3000',
    );
  });

  it('is PUBLIC_URL when the request came by another name, or the office has none', () => {
    // One office answers every host name; its listed address may not lead here yet.
    expect(officeUrl('https://sech.example.gov.bd', office('shibganj.bogra.gov.bd'), '10.0.0.5:3000')).toBe(
      'https://sech.example.gov.bd',
    );
    expect(officeUrl('http://localhost:3000/', office(null), 'localhost:3000')).toBe('http://localhost:3000');
    expect(officeUrl('https://portal.gov.bd', null, 'evil.example')).toBe('https://portal.gov.bd');
  });
});
