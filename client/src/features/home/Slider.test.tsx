import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ContentImage } from '@portal/shared/schemas/content';
import { Slider, SLIDER_FADE_MS, SLIDER_INTERVAL_MS } from './Slider';

const image = (id: string, width = 1600): ContentImage => ({
  id,
  gallery: 'slider',
  width,
  height: 900,
  createdAt: '2026-11-21T00:00:00Z',
});
const three = [image('a'), image('b', 640), image('c')];

function shown(): string | null {
  const slide = screen.getAllByRole('group', { hidden: true }).find((s) => s.getAttribute('aria-hidden') === 'false');
  return slide?.getAttribute('aria-label') ?? null;
}
const imgs = () => Array.from(document.querySelectorAll('img'));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('home slider', () => {
  it('shows the fallback in the same box when there are no pictures', () => {
    render(<Slider images={[]} fallback={<p>কোনো ছবি নেই</p>} />);
    expect(screen.getByText('কোনো ছবি নেই')).toBeTruthy();
    expect(imgs()).toHaveLength(0);
  });

  it('fetches the first picture at once with high priority, phone-sized, and the rest only after it', () => {
    render(<Slider images={three} fallback={null} />);
    expect(imgs()).toHaveLength(1);
    const first = imgs()[0]!;
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('src')).toBe('/api/public/images/a?size=phone');
    expect(first.getAttribute('srcset')).toBe(
      '/api/public/images/a?size=phone 800w, /api/public/images/a?size=full 1600w',
    );
    fireEvent.load(first);
    expect(imgs()).toHaveLength(2);
    expect(imgs()[1]!.getAttribute('loading')).toBe('lazy');
    // A picture no wider than the phone version is never asked for in full.
    expect(imgs()[1]!.getAttribute('srcset')).toBe('/api/public/images/b?size=phone 800w');
  });

  it('moves on by itself every interval after the fade, and round again after the last', () => {
    render(<Slider images={three} fallback={null} />);
    fireEvent.load(imgs()[0]!);
    expect(shown()).toBe('ছবি ১ / ৩');
    act(() => vi.advanceTimersByTime(SLIDER_INTERVAL_MS));
    expect(shown()).toBe('ছবি ২ / ৩');
    act(() => vi.advanceTimersByTime(SLIDER_FADE_MS + SLIDER_INTERVAL_MS));
    expect(shown()).toBe('ছবি ৩ / ৩');
    act(() => vi.advanceTimersByTime(SLIDER_FADE_MS + SLIDER_INTERVAL_MS));
    expect(shown()).toBe('ছবি ১ / ৩');
  });

  it('stops while the tab is hidden and goes on when it comes back', () => {
    render(<Slider images={three} fallback={null} />);
    fireEvent.load(imgs()[0]!);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => vi.advanceTimersByTime(10 * SLIDER_INTERVAL_MS));
    expect(shown()).toBe('ছবি ১ / ৩');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => vi.advanceTimersByTime(SLIDER_INTERVAL_MS));
    expect(shown()).toBe('ছবি ২ / ৩');
  });

  it('stops on the pause button and still moves with the arrows', () => {
    render(<Slider images={three} fallback={null} />);
    fireEvent.load(imgs()[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'স্লাইডার থামান' }));
    act(() => vi.advanceTimersByTime(10 * SLIDER_INTERVAL_MS));
    expect(shown()).toBe('ছবি ১ / ৩');
    fireEvent.click(screen.getByRole('button', { name: 'আগের ছবি' }));
    expect(shown()).toBe('ছবি ৩ / ৩');
  });

  it('never plays by itself for a visitor who prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    render(<Slider images={three} fallback={null} />);
    fireEvent.load(imgs()[0]!);
    act(() => vi.advanceTimersByTime(10 * SLIDER_INTERVAL_MS));
    expect(shown()).toBe('ছবি ১ / ৩');
    expect(screen.queryByRole('button', { name: 'স্লাইডার থামান' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'পরের ছবি' }));
    expect(shown()).toBe('ছবি ২ / ৩');
  });
});
