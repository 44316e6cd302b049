import { useState } from 'react';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { VideoGallery as Gallery } from '@portal/shared/schemas/content';
import { useLocale, useT } from '../../i18n/locale';
import { LoadState } from '../../features/content/LoadState';
import { useContent } from '../../features/content/useContent';

/**
 * /video-gallery (spec 1 §2: six videos). A player costs a phone about a megabyte before anyone
 * presses play, so each video first shows only its small poster image; the player iframe loads
 * when the visitor taps it (and then starts playing).
 */
function VideoCard({ videoId, n }: { videoId: string; n: string }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  // Without a connection to the poster host the button stays a dark box with the play sign, not a broken image.
  const [posterFailed, setPosterFailed] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
      {playing ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`}
          title={t('content.video.frameTitle', { n })}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 h-full w-full border-0"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={t('content.video.play', { n })}
          className="group absolute inset-0 h-full w-full"
        >
          {!posterFailed && (
            <img
              onError={() => setPosterFailed(true)}
              src={`https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`}
              alt=""
              width={480}
              height={360}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover opacity-90 group-hover:opacity-100"
            />
          )}
          <span
            aria-hidden="true"
            className="absolute top-1/2 left-1/2 flex h-14 w-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-2xl bg-red-600 text-3xl text-white shadow-lg"
          >
            ▶
          </span>
        </button>
      )}
    </div>
  );
}

export default function VideoGallery() {
  const t = useT();
  const { locale } = useLocale();
  const { data, error, loading, reload } = useContent<Gallery>('/api/public/videos');
  const videos = (data?.slots ?? []).flatMap((s, i) => (s ? [{ ...s, n: i + 1 }] : []));
  const num = (n: number) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  return (
    <section>
      <h1 className="mb-1 text-xl font-bold text-brand-900">{t('content.video.title')}</h1>
      <p className="mb-3 text-sm text-gray-600">{t('content.video.dataNote')}</p>
      <LoadState loading={loading} error={error} reload={reload}>
        {videos.length === 0 ? (
          <p className="rounded bg-white p-4 text-gray-600">{t('content.video.empty')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {videos.map((v) => (
              <li key={v.n}>
                <VideoCard videoId={v.videoId} n={num(v.n)} />
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
