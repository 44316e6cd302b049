import { useState, type CSSProperties } from 'react';
import { useT } from '../../i18n/locale';
import './home.css';

/** Seconds per character, so a long headline does not race past (about 8 characters a second). */
const SECONDS_PER_CHAR = 0.12;
const MIN_SECONDS = 12;

/**
 * The scrolling headline (spec 1 §2 Home page), the text the Admin sets on the Headline screen.
 * A CSS animation, paused on hover, on focus and by its button (WCAG 2.2.2: moving text needs a
 * way to stop it); still and wrapped for visitors who prefer reduced motion. The strip is there
 * from the first paint, whatever the settings turn out to say (`text` undefined while they load;
 * a welcome line when the Admin has set no headline), so the slider below it never jumps.
 */
export function HeadlineTicker({ text }: { text: string | undefined }) {
  const t = useT();
  const [paused, setPaused] = useState(false);
  const frame = 'flex min-h-10 items-stretch overflow-hidden rounded-lg border border-brand-100 bg-white shadow-sm';
  if (text === undefined) return <div aria-hidden className={frame} />;
  if (!text.trim()) {
    return (
      <p className={`${frame} items-center px-3 py-2 font-semibold text-brand-900`}>
        <span className="truncate">{t('home.ticker.welcome')}</span>
      </p>
    );
  }
  const duration = {
    '--ticker-duration': `${Math.max(MIN_SECONDS, text.length * SECONDS_PER_CHAR)}s`,
  } as CSSProperties;
  return (
    <section aria-label={t('home.ticker.label')} className={frame}>
      <span className="flex shrink-0 items-center bg-brand-700 px-3 text-sm font-bold text-white">
        {t('home.ticker.label')}
      </span>
      <div
        className="home-ticker min-w-0 flex-1 overflow-hidden py-2 text-brand-900"
        data-paused={paused}
        style={duration}
      >
        <p className="home-ticker-text px-2">{text}</p>
      </div>
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        aria-pressed={paused}
        aria-label={paused ? t('home.ticker.play') : t('home.ticker.pause')}
        className="flex w-11 shrink-0 items-center justify-center border-l border-brand-100 text-brand-800 hover:bg-brand-50 motion-reduce:hidden"
      >
        <PlayPauseIcon playing={!paused} />
      </button>
    </section>
  );
}

/** Pause bars while moving, a triangle while stopped. */
export function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5" fill="currentColor">
      <path d={playing ? 'M7 5h3v14H7zM14 5h3v14h-3z' : 'M8 5v14l11-7z'} />
    </svg>
  );
}
