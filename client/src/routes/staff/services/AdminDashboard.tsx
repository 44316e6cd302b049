import { useEffect, useState } from 'react';
import type { AdminDashboard as Counts } from '@portal/shared/schemas/services';
import { can } from '@portal/shared/access';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../../i18n/locale';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { ui } from '../../../features/staff/ui';
import { OverdueSummary } from '../../../features/deadlines/OverdueSummary';
import { useMe } from '../../../features/staff/useMe';
import { DashboardCharts } from '../../../features/staff/charts/DashboardCharts';

/**
 * /admin-page/admin-dashboard, the Admin's landing (spec 2 §2): the nine cards, every one a real
 * count from the database (README defect 6: two of them were always 0 in the legacy portal).
 */
const CARDS: (keyof Counts)[] = [
  'newApplications',
  'existingApplications',
  'renewApplications',
  'unseenApplications',
  'seenApplications',
  'users',
  'activeLicences',
  'expiredLicences',
  'suspendedLicences',
];

export default function AdminDashboard() {
  const t = useT();
  const f = useFormat();
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const { me } = useMe();

  useEffect(() => {
    const ctl = new AbortController();
    setError(null);
    staffApi<Counts>('/api/admin/dashboard', { signal: ctl.signal }).then(
      (c) => !ctl.signal.aborted && setCounts(c),
      (e: unknown) => !ctl.signal.aborted && setError(e),
    );
    return () => ctl.abort();
  }, [attempt]);

  return (
    <section className="space-y-4">
      <h1 className={ui.h1}>{t('services.dash.title')}</h1>
      {error !== null && (
        <div role="alert" className={ui.alertError}>
          <p>{t('services.dash.loadFailed', { message: f.error(error) })}</p>
          <button type="button" className={`${ui.danger} mt-2`} onClick={() => setAttempt((a) => a + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!counts && error === null && (
        <p role="status" className="text-gray-600">
          {t('services.dash.loading')}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {CARDS.map((key) => (
          <li key={key} className={`${ui.card} flex flex-col gap-1`}>
            <span className="text-sm text-gray-700">{t(`services.dash.${key}` as MessageKey)}</span>
            <span className="text-3xl font-bold text-brand-800" aria-live="polite">
              {counts ? f.num(counts[key]) : '…'}
            </span>
          </li>
        ))}
      </ul>
      {/* Applications per month and the stage funnel (docs/decisions/042-dashboard-charts.md). */}
      {me?.role && can(me.role, 'dashboard.charts') && <DashboardCharts />}
      {/* Overdue work at every stage (docs/decisions/040-stage-deadlines.md). */}
      {me?.role && <OverdueSummary role={me.role} />}
    </section>
  );
}
