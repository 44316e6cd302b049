import { useEffect, useState } from 'react';
import type { FieldVisit, VisitList as VisitListBody, VisitRequest } from '@portal/shared/schemas/visits';
import { api } from '../../api/client';
import { useLocale, useT } from '../../i18n/locale';
import { useOutboxItems } from '../../offline/hooks';
import { localDateTime, localDigits } from '../review/format';
import { Section } from '../review/ui';

const coord = (n: number) => String(Number(n.toFixed(5)));

/**
 * The site visits of an application (docs/decisions/030, 032): who, when, where and how precisely,
 * the photos (a thumbnail opens the full picture) and the decision each carried, as the server
 * keeps them; and, from the phone's outbox, the visits not yet sent. The server's list needs a
 * connection; without one the queued visits still show.
 */
export function VisitList({ applicationId }: { applicationId: string }) {
  const t = useT();
  const { locale } = useLocale();
  const digits = (v: string | number) => localDigits(v, locale);
  const [visits, setVisits] = useState<FieldVisit[] | 'offline' | null>(null);
  const queued = (useOutboxItems('fieldVisit') ?? []).filter(
    (i) => i.applicationId === applicationId && i.status !== 'received',
  );
  // A visit that just reached the server is fetched again with its photos.
  const receivedCount = (useOutboxItems('fieldVisit') ?? []).filter(
    (i) => i.applicationId === applicationId && i.status === 'received',
  ).length;

  useEffect(() => {
    let live = true;
    api<VisitListBody>(`/api/staff/applications/${encodeURIComponent(applicationId)}/visits`, {
      signal: AbortSignal.timeout(15_000),
    })
      .then((body) => live && setVisits(body.visits))
      .catch(() => live && setVisits('offline'));
    return () => {
      live = false;
    };
  }, [applicationId, receivedCount]);

  const position = (p: { latitude: number; longitude: number; accuracyM: number } | null) =>
    p
      ? t('fieldVisit.list.position', {
          lat: digits(coord(p.latitude)),
          lng: digits(coord(p.longitude)),
          metres: digits(Math.round(p.accuracyM)),
        })
      : t('fieldVisit.list.noPosition');
  const decision = (d: FieldVisit['decision']) =>
    d === 'none' ? t('fieldVisit.list.noDecision') : t(`fieldVisit.decided.${d}`);

  return (
    <Section title={t('fieldVisit.list.title')} id="visit-list-title">
      {queued.length > 0 && (
        <ul className="mb-3 space-y-2">
          {queued.map((item) => {
            const v = item.payload as VisitRequest;
            return (
              <li key={item.id} className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
                <p className="font-semibold text-amber-900">
                  {item.status === 'failed'
                    ? t('fieldVisit.list.failed', { message: item.lastError?.messageBn ?? '' })
                    : t('fieldVisit.list.queued')}
                </p>
                <p>
                  {t('fieldVisit.list.by', {
                    officer: item.officer?.email ?? '',
                    time: localDateTime(v.visitedAt, locale),
                  })}
                </p>
                <p>{position(v.position ?? null)}</p>
                <p>
                  {decision(v.decision ?? 'none')} ·{' '}
                  {t('fieldVisit.list.photoCount', { count: digits(v.photos.length) })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {visits === 'offline' && <p className="text-sm text-gray-700">{t('fieldVisit.list.offline')}</p>}
      {Array.isArray(visits) && visits.length === 0 && queued.length === 0 && (
        <p className="text-sm text-gray-700">{t('fieldVisit.list.none')}</p>
      )}
      {Array.isArray(visits) && visits.length > 0 && (
        <ul className="space-y-3">
          {visits.map((v) => {
            const missing = v.photos.filter((p) => !p.url).length;
            return (
              <li key={v.id} className="rounded border border-gray-200 p-2 text-sm">
                <p className="font-semibold">
                  {t('fieldVisit.list.by', { officer: v.officerEmail, time: localDateTime(v.visitedAt, locale) })}
                </p>
                <p>{position(v.position)}</p>
                <p>{decision(v.decision)}</p>
                {v.notes && <p className="mt-1 whitespace-pre-line text-gray-800">{v.notes}</p>}
                {missing > 0 && (
                  <p className="text-amber-900">{t('fieldVisit.list.receiving', { missing: digits(missing) })}</p>
                )}
                {v.photos.some((p) => p.url) && (
                  <ul className="mt-2 grid grid-cols-3 gap-2">
                    {v.photos.map((p) =>
                      p.url ? (
                        <li key={p.index}>
                          <a
                            href={p.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={t('fieldVisit.list.openPhoto', { n: digits(p.index + 1) })}
                          >
                            <img
                              src={p.url}
                              alt={t('fieldVisit.photoAlt', { n: digits(p.index + 1) })}
                              loading="lazy"
                              className="h-20 w-full rounded object-cover"
                            />
                          </a>
                          <p className="mt-1 text-xs text-gray-600">{localDateTime(p.takenAt, locale)}</p>
                        </li>
                      ) : null,
                    )}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
