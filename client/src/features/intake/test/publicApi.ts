import { vi } from 'vitest';

/**
 * The public API as a citizen's form meets it in screen tests: the office's settings (applications
 * open) and its localities (none). `intake: 'offline'` makes every intake request fail as with no
 * connection, so what the form queues stays on the phone.
 */
export function stubFormApi({ intake = 'unanswered' }: { intake?: 'unanswered' | 'offline' } = {}): void {
  vi.stubGlobal('fetch', async (url: string) => {
    if (intake === 'offline' && url.includes('/api/intake/')) throw new TypeError('Failed to fetch');
    const body = url.endsWith('/api/public/localities')
      ? { unions: [], posts: [] }
      : { websiteTitle: 'সেচ', address: 'সাভার', others1: 'ON', others2: '' };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}
