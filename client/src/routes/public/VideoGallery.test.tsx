import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import VideoGallery from './VideoGallery';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('the video gallery (spec 1 §2)', () => {
  it('shows posters only, and loads a player when the visitor taps one', async () => {
    answer({
      slots: [
        { url: 'https://youtu.be/dQw4w9WgXcQ', videoId: 'dQw4w9WgXcQ' },
        null,
        { url: 'x', videoId: '9bZkp7q19f0' },
        null,
        null,
        null,
      ],
    });
    const { container } = render(<VideoGallery />);
    const play = await screen.findByRole('button', { name: 'ভিডিও ৩ চালান' });
    expect(screen.getAllByRole('button', { name: /চালান/ })).toHaveLength(2);
    expect(container.querySelector('iframe')).toBeNull();

    fireEvent.click(play);
    const frames = container.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.src).toBe('https://www.youtube-nocookie.com/embed/9bZkp7q19f0?autoplay=1&rel=0');
  });

  it('says so in Bangla when no video was added', async () => {
    answer({ slots: [null, null, null, null, null, null] });
    render(<VideoGallery />);
    expect(await screen.findByText('এখনো কোনো ভিডিও যোগ করা হয়নি।')).toBeTruthy();
  });

  it('offers a retry when the list cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    render(<VideoGallery />);
    expect((await screen.findByRole('alert')).textContent).toContain('সংযোগ পাওয়া যাচ্ছে না');
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeTruthy();
  });
});
