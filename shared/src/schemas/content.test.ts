import { describe, expect, it } from 'vitest';
import { videoGalleryInputSchema, youtubeIdOf } from './content.js';

describe('YouTube links for the video gallery', () => {
  it('finds the video in the links people copy from YouTube', () => {
    expect(youtubeIdOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf(' https://youtu.be/dQw4w9WgXcQ?si=abc ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });

  it('refuses other sites, look-alike hosts, scripts and broken ids', () => {
    for (const bad of [
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
      'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      expect(youtubeIdOf(bad), bad).toBeNull();
    }
  });

  it('takes exactly six slots, empty ones allowed', () => {
    expect(videoGalleryInputSchema.safeParse({ urls: ['', '', '', '', '', ''] }).success).toBe(true);
    expect(videoGalleryInputSchema.safeParse({ urls: ['', ''] }).success).toBe(false);
    const r = videoGalleryInputSchema.safeParse({ urls: ['https://evil.example/x', '', '', '', '', ''] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('content.v.youtube');
  });
});
