import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Me, Account } from '@portal/shared/schemas/auth';
import { can } from '@portal/shared/access';
import type { StaffRole } from '@portal/shared/constants';
import type { QueuePage } from '@portal/shared/schemas/review';
import { useT } from '../../i18n/locale';
import { menuFor } from '../../features/staff/menu';
import { staffDisplayName } from '../../features/staff/display-name';
import { LIST_SCREENS, type ListScreen } from '../../features/staff/screens';
import { staffApi } from '../../features/staff/staffApi';
import { useFormat } from '../../features/staff/format';
import { ui } from '../../features/staff/ui';
import { OverdueSummary } from '../../features/deadlines/OverdueSummary';
import { DashboardCharts } from '../../features/staff/charts/DashboardCharts';

/**
 * The landing of /admin-page: one card per list in the role's menu with its real count
 * (the legacy showed some cards as a constant 0; spec README defect 6).
 */
type Count = number | 'error' | null;

function useCount(path: string): Count {
  const [count, setCount] = useState<Count>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const load = (): Promise<number> => {
      if (path === 'manage-account')
        return staffApi<{ rows: Account[] }>('/api/admin/accounts', { signal: ctl.signal }).then((r) => r.rows.length);
      if (path === 'no-role')
        return staffApi<{ rows: Account[] }>('/api/admin/accounts', { signal: ctl.signal }).then(
          (r) => r.rows.filter((a) => !a.role).length,
        );
      const screen = LIST_SCREENS.find((s) => s.path === path) as ListScreen;
      return staffApi<QueuePage>(`/api/staff/queues/${screen.queue}?page=1&pageSize=5`, { signal: ctl.signal }).then(
        (r) => r.total,
      );
    };
    load().then(
      (n) => !ctl.signal.aborted && setCount(n),
      () => !ctl.signal.aborted && setCount('error'),
    );
    return () => ctl.abort();
  }, [path]);
  return count;
}

function Card({ path, to, label }: { path: string; to: string; label: string }) {
  const t = useT();
  const f = useFormat();
  const count = useCount(path);
  return (
    <li>
      <Link to={to} className={`${ui.card} flex h-full flex-col gap-1 hover:border-brand-600`}>
        <span className="text-sm text-gray-700">{label}</span>
        <span className="text-3xl font-bold text-brand-800" aria-live="polite">
          {count === null ? (
            '…'
          ) : count === 'error' ? (
            <span className="text-base text-red-700">{t('staff.dashboard.countFailed')}</span>
          ) : (
            f.num(count)
          )}
        </span>
      </Link>
    </li>
  );
}

interface CardSpec {
  path: string;
  to: string;
  label: string;
}

/** The role's lists by menu group (new, pending, archive, renewal, change, licence; spec 2 §2). */
function listGroups(role: StaffRole, t: ReturnType<typeof useT>): { title: string | null; cards: CardSpec[] }[] {
  return menuFor(role).flatMap((group) => {
    const cards = group.entries.flatMap((e) => {
      const screen = LIST_SCREENS.find((s) => s.path === e.path);
      return screen ? [{ path: e.path, to: `/admin-page/${e.path}`, label: t(screen.titleKey) }] : [];
    });
    return cards.length ? [{ title: group.titleKey && t(group.titleKey), cards }] : [];
  });
}

export default function Dashboard({ me, role }: { me: Me; role: StaffRole }) {
  const t = useT();
  const groups = can(role, 'dashboard.admin')
    ? [
        {
          title: null,
          cards: [
            { path: 'manage-account', to: '/admin-page/manage-account', label: t('staff.dashboard.accounts') },
            { path: 'no-role', to: '/admin-page/manage-account', label: t('staff.dashboard.accountsNoRole') },
          ],
        },
      ]
    : listGroups(role, t);
  return (
    <section className="space-y-4">
      <h1 className={ui.h1}>{t('staff.dashboard.welcome', { name: staffDisplayName(me, t) })}</h1>
      {/* The Admin's own dashboard (admin-dashboard) shows every stage's overdue work. */}
      {!can(role, 'dashboard.admin') && <OverdueSummary role={role} />}
      <h2 className="font-semibold text-gray-700">{t('staff.dashboard.lists')}</h2>
      {groups.map((g, i) => (
        <section key={i} aria-label={g.title ?? undefined} className="space-y-2">
          {g.title && <h3 className="text-sm font-bold tracking-wide text-gray-600">{g.title}</h3>}
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
            {g.cards.map((c) => (
              <Card key={c.path} {...c} />
            ))}
          </ul>
        </section>
      ))}
      {/* BADC's charts over the register (docs/decisions/042-dashboard-charts.md). */}
      {can(role, 'dashboard.charts') && <DashboardCharts />}
    </section>
  );
}
