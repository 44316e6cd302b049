import { useEffect, useState } from 'react';
import { useT } from '../../i18n/locale';

/** Spec 1 §9: the button appears after 100 px of scrolling. */
export const SCROLL_TOP_THRESHOLD_PX = 100;

/**
 * "Back to top" (spec 1 §2 Header): a round button in the corner once the page has scrolled more
 * than 100 px. The scroll listener is passive and only flips a boolean, so scrolling stays smooth.
 */
export function ScrollToTop() {
  const t = useT();
  const [show, setShow] = useState(false);
  useEffect(() => {
    const onScroll = () => setShow(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!show) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const reduce = typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      }}
      aria-label={t('home.scrollTop')}
      title={t('home.scrollTop')}
      className="no-print fixed right-3 bottom-3 z-[1100] flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}
