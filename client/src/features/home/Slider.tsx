import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ContentImage } from '@portal/shared/schemas/content';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { PlayPauseIcon } from './HeadlineTicker';
import { sliderPicture } from '@portal/shared/slider-picture';
import { useOnScreen, usePrefersReducedMotion } from './usePageVisible';

/** Spec 1 §9: fade, infinite, autoplay, speed 2000 ms, interval 2000 ms. */
export const SLIDER_FADE_MS = 2000;
export const SLIDER_INTERVAL_MS = 2000;
/**
 * More pictures than this and a phone-wide row of dots no longer fits: a counter instead. Every
 * control is a 44 px target (a thumb's width): five dots and three buttons fill a 360 px phone.
 */
const MAX_DOTS = 5;

/**
 * The box every slide sits in: its shape is fixed by CSS before any picture arrives (no layout
 * shift), a wide banner on a computer and a 16:9 one on a phone.
 */
const BOX = 'relative aspect-[16/9] w-full overflow-hidden rounded-lg bg-brand-800 md:aspect-[21/9]';

/**
 * The home page's image slider (spec 1 §2, §9). Slides fade into one another; the next change
 * comes SLIDER_INTERVAL_MS after a fade has finished. It stops while the tab is hidden or the
 * slider is off the screen, while the pointer or focus is on it, when the visitor presses pause
 * (WCAG 2.2.2), and never starts for visitors who prefer reduced motion (they use the arrows).
 * The first picture is fetched at once with high priority (it is the largest thing on a phone's
 * first screen); the others only after it, one ahead of the one showing. With no pictures (or
 * before the list arrives) the same box shows `fallback`, so nothing below it moves.
 */
export function Slider({ images, fallback }: { images: ContentImage[]; fallback: ReactNode }) {
  const t = useT();
  const { locale } = useLocale();
  const n = (x: number) => (locale === 'bn' ? toBanglaDigits(x) : String(x));
  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const reducedMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(0);
  const [previous, setPrevious] = useState<number | null>(null);
  const [furthest, setFurthest] = useState(0);
  const [firstLoaded, setFirstLoaded] = useState(false);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const count = images.length;
  const current = count ? active % count : 0;

  const go = (to: number) => {
    if (!count) return;
    const next = ((to % count) + count) % count;
    if (next === current) return;
    setPrevious(current);
    setActive(next);
    setFurthest((f) => Math.max(f, next));
  };

  const playing = count > 1 && !paused && !hovered && onScreen && !reducedMotion && firstLoaded;
  useEffect(() => {
    if (!playing) return;
    const wait = (previous === null ? 0 : SLIDER_FADE_MS) + SLIDER_INTERVAL_MS;
    const timer = setTimeout(() => go(current + 1), wait);
    return () => clearTimeout(timer);
    // `go` reads only state that is in this list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, current, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.slider.label')}
      className={BOX}
      ref={box}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      {/* Under the pictures once the first has arrived: hidden from keyboard and screen reader then. */}
      <div className="absolute inset-0" inert={count > 0 && firstLoaded}>
        {fallback}
      </div>
      {images.map((image, i) => {
        // The first picture at once; the others once it has arrived, up to one past the furthest shown.
        const render = i === 0 || (firstLoaded && i <= furthest + 1);
        const shown = i === current;
        const under = i === previous && !shown;
        // The server preloads the first one with these same three values (docs/decisions/043-first-paint-html-and-fonts.md).
        const picture = sliderPicture(image);
        return (
          <div
            key={image.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slider.slide', { n: n(i + 1), total: n(count) })}
            aria-hidden={!shown}
            className={`absolute inset-0 ${shown ? 'z-20 opacity-100' : under ? 'z-10 opacity-100' : 'z-0 opacity-0'} ${
              shown && previous !== null && !reducedMotion ? 'transition-opacity ease-in-out' : ''
            }`}
            style={
              shown && previous !== null && !reducedMotion ? { transitionDuration: `${SLIDER_FADE_MS}ms` } : undefined
            }
          >
            {render && (
              <img
                src={picture.src}
                srcSet={picture.srcSet}
                sizes={picture.sizes}
                alt={t('home.slider.slide', { n: n(i + 1), total: n(count) })}
                width={800}
                height={450}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
                onLoad={i === 0 ? () => setFirstLoaded(true) : undefined}
                onError={i === 0 ? () => setFirstLoaded(true) : undefined}
                className="h-full w-full object-cover"
              />
            )}
          </div>
        );
      })}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-0 z-30 flex items-center justify-center gap-0 bg-gradient-to-t from-black/50 to-transparent px-1 pb-1 pt-4">
          <SlideButton label={t('home.slider.previous')} onClick={() => go(current - 1)}>
            <path d="M15 5l-7 7 7 7" />
          </SlideButton>
          {!reducedMotion && (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-pressed={paused}
              aria-label={paused ? t('home.slider.play') : t('home.slider.pause')}
              className="flex size-11 items-center justify-center rounded-full text-white hover:bg-white/20"
            >
              <PlayPauseIcon playing={!paused} />
            </button>
          )}
          {count <= MAX_DOTS ? (
            <ol className="flex items-center">
              {images.map((image, i) => (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() => go(i)}
                    aria-label={t('home.slider.goTo', { n: n(i + 1) })}
                    aria-current={i === current}
                    className="flex size-11 items-center justify-center"
                  >
                    <span
                      className={`block size-2.5 rounded-full border border-white ${i === current ? 'bg-white' : 'bg-white/30'}`}
                    />
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <span className="px-2 text-sm font-semibold text-white">
              {t('home.slider.slide', { n: n(current + 1), total: n(count) })}
            </span>
          )}
          <SlideButton label={t('home.slider.next')} onClick={() => go(current + 1)}>
            <path d="M9 5l7 7-7 7" />
          </SlideButton>
        </div>
      )}
    </section>
  );
}

function SlideButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="flex size-11 items-center justify-center rounded-full text-white hover:bg-white/20"
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
        {children}
      </svg>
    </button>
  );
}
