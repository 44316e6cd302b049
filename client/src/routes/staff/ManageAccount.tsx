import { useCallback, useEffect, useState } from 'react';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/constants';
import type { Account } from '@portal/shared/schemas/auth';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useConfirm } from '../../components/useConfirm';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { useMe } from '../../features/staff/useMe';
import { staffApi } from '../../features/staff/staffApi';
import { useFormat } from '../../features/staff/format';
import { ui } from '../../features/staff/ui';
import { fieldErrors } from '../../features/staff/TextField';

/**
 * Account Manager (spec 2 §2): every account with its role, a button per role and Remove.
 * The server refuses what an Admin may not do (e.g. removing the last Admin); its message is shown.
 */
export default function ManageAccount() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { me } = useMe();
  const { confirm, dialog } = useConfirm();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(() => {
    setError(null);
    staffApi<{ rows: Account[] }>('/api/admin/accounts').then(
      (r) => setAccounts(r.rows),
      (e: unknown) => setError(e),
    );
  }, []);
  useEffect(load, [load]);

  // The server explains refusals (own Admin role, last Admin, own account) in the field message.
  const why = (e: unknown) => Object.values(fieldErrors(e))[0] ?? f.error(e);

  const roleName = (role: StaffRole | null) => (role ? t(`staff.role.${role}` as MessageKey) : t('staff.role.none'));

  const assign = async (account: Account, role: StaffRole) => {
    setBusyId(account.id);
    try {
      await staffApi(`/api/admin/accounts/${account.id}/role`, { method: 'PUT', json: { role } });
      setAccounts((list) => list?.map((a) => (a.id === account.id ? { ...a, role } : a)) ?? null);
      toast.success(t('staff.accounts.assigned', { role: roleName(role) }));
    } catch (e) {
      toast.failure(t('staff.accounts.assignFailed', { role: roleName(role), message: why(e) }));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (account: Account) => {
    const ok = await confirm({
      title: t('staff.accounts.removeConfirm', { email: account.email }),
      confirmLabel: t('staff.accounts.remove'),
      cancelLabel: t('common.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    setBusyId(account.id);
    try {
      await staffApi(`/api/admin/accounts/${account.id}`, { method: 'DELETE' });
      setAccounts((list) => list?.filter((a) => a.id !== account.id) ?? null);
      toast.success(t('staff.accounts.removed'));
    } catch (e) {
      toast.failure(t('staff.accounts.removeFailed', { message: why(e) }));
    } finally {
      setBusyId(null);
    }
  };

  const buttons = (a: Account) => (
    <div className="flex flex-wrap gap-1">
      {STAFF_ROLES.map((role) => (
        <button
          key={role}
          type="button"
          aria-pressed={a.role === role}
          disabled={busyId === a.id || a.role === role}
          onClick={() => void assign(a, role)}
          className={`${ui.small} border ${a.role === role ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white hover:bg-gray-100'} disabled:cursor-default`}
        >
          {roleName(role)}
        </button>
      ))}
      <button
        type="button"
        disabled={busyId === a.id}
        onClick={() => void remove(a)}
        className={`${ui.small} border border-red-300 bg-white text-red-800 hover:bg-red-50 disabled:opacity-50`}
      >
        {t('staff.accounts.remove')}
      </button>
    </div>
  );

  return (
    <section className="space-y-4">
      <h1 className={ui.h1}>{t('staff.accounts.title')}</h1>
      {error !== null && (
        <div role="alert" className={ui.alertError}>
          <p>{f.error(error)}</p>
          <button type="button" className={`${ui.danger} mt-2`} onClick={load}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {accounts === null && error === null && (
        <p role="status" className="text-gray-600">
          {t('common.loading')}
        </p>
      )}
      {accounts && accounts.length === 0 && <p>{t('staff.accounts.empty')}</p>}
      {accounts && accounts.length > 0 && (
        <>
          <p className="text-sm text-gray-700">{t('staff.accounts.count', { count: f.num(accounts.length) })}</p>
          <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-100">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('staff.accounts.name')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('staff.accounts.email')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('staff.accounts.role')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('staff.accounts.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => (
                  <tr key={a.id} className="border-t border-gray-200">
                    <td className="px-3 py-2">{a.name ?? <span className="text-gray-600">—</span>}</td>
                    <td className="px-3 py-2 break-all">
                      {a.email} {a.id === me?.id && <span className="text-gray-500">{t('staff.accounts.you')}</span>}
                    </td>
                    <td className="px-3 py-2">{roleName(a.role)}</td>
                    <td className="px-3 py-2">{buttons(a)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-2 md:hidden">
            {accounts.map((a) => (
              <li key={a.id} className={ui.card}>
                <p className="font-semibold">
                  {a.name ?? a.email}{' '}
                  {a.id === me?.id && <span className="font-normal text-gray-500">{t('staff.accounts.you')}</span>}
                </p>
                {a.name && <p className="text-sm break-all text-gray-700">{a.email}</p>}
                <p className="mb-2 text-sm text-gray-700">
                  {t('staff.accounts.role')}: {roleName(a.role)}
                </p>
                {buttons(a)}
              </li>
            ))}
          </ul>
        </>
      )}
      {dialog}
    </section>
  );
}
