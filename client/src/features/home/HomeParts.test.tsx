import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ServiceGrid } from './ServiceGrid';
import { ScrollToTop } from './ScrollToTop';
import { HeadlineTicker } from './HeadlineTicker';

afterEach(cleanup);

describe('citizen services grid', () => {
  it('has twelve cards on the legacy public URLs', () => {
    render(
      <MemoryRouter>
        <ServiceGrid />
      </MemoryRouter>,
    );
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/new-application',
      '/existing-application',
      '/renew-application',
      '/my-application',
      '/verification/6',
      '/complaint',
      '/copy',
      '/downloads',
      '/notice',
      '/dataTable',
      '/application-instruction',
      '/geo-db',
    ]);
    expect(screen.getByRole('link', { name: 'লাইসেন্স সংগ্রহ' }).getAttribute('href')).toBe('/verification/6');
  });
});

describe('scroll to top', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });

  it('appears only after 100 px of scrolling and takes the visitor back up', () => {
    let went: unknown = null;
    window.scrollTo = ((opts: unknown) => (went = opts)) as typeof window.scrollTo;
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'পাতার উপরে যান' })).toBeNull();
    scrollTo(100);
    expect(screen.queryByRole('button', { name: 'পাতার উপরে যান' })).toBeNull();
    scrollTo(101);
    fireEvent.click(screen.getByRole('button', { name: 'পাতার উপরে যান' }));
    expect(went).toMatchObject({ top: 0 });
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'পাতার উপরে যান' })).toBeNull();
  });
});

describe('headline ticker', () => {
  it('shows the headline with a button that stops and restarts it', () => {
    render(<HeadlineTicker text="আবেদনের শেষ তারিখ ৩১ ডিসেম্বর" />);
    expect(screen.getByText('আবেদনের শেষ তারিখ ৩১ ডিসেম্বর')).toBeTruthy();
    const moving = () => screen.getByText('আবেদনের শেষ তারিখ ৩১ ডিসেম্বর').parentElement!.getAttribute('data-paused');
    expect(moving()).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'শিরোনাম থামান' }));
    expect(moving()).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'শিরোনাম চালু করুন' }));
    expect(moving()).toBe('false');
  });

  it('keeps its strip while the settings load and welcomes the visitor when the Admin has set no headline', () => {
    const { rerender, container } = render(<HeadlineTicker text={undefined} />);
    expect(container.firstElementChild?.className).toContain('min-h-10');
    rerender(<HeadlineTicker text="  " />);
    expect(screen.getByText('সেচ নলকূপ লাইসেন্স পোর্টালে স্বাগতম').closest('p')!.className).toContain('min-h-10');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
