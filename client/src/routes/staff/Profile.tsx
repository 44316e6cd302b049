import { useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import { useT } from '../../i18n/locale';
import { showToast } from '../../components/Toast';
import { replaceMe, useMe } from '../../features/staff/useMe';
import { staffApi } from '../../features/staff/staffApi';
import { useSubmit } from '../../features/staff/useSubmit';
import { NameField } from '../../features/staff/NameField';
import { ui } from '../../features/staff/ui';
import { FormError } from '../../features/staff/FormError';

/**
 * Account Information (spec 2 §2): the officer's name, user type and email. The name is the
 * officer's own to set (docs/decisions/056-staff-names.md): the dashboard and the menu greet them by
 * it; accounts made before names were asked show "no name given" and a button to add one.
 */
export default function Profile() {
  const t = useT();
  const { me } = useMe();
  const [editing, setEditing] = useState(false);
  if (!me) return null;
  return (
    <section className="max-w-lg space-y-4">
      <h1 className={ui.h1}>{t('staff.profile.title')}</h1>
      <dl className={`${ui.card} grid grid-cols-[auto_1fr] gap-x-4 gap-y-2`}>
        <dt className="font-semibold text-gray-700">{t('staff.profile.name')}</dt>
        <dd>{me.name ?? <span className="text-gray-600">{t('staff.profile.noName')}</span>}</dd>
        <dt className="font-semibold text-gray-700">{t('staff.email')}</dt>
        <dd className="break-all">{me.email}</dd>
        <dt className="font-semibold text-gray-700">{t('staff.profile.role')}</dt>
        <dd>{me.role ? t(`staff.role.${me.role}` as MessageKey) : t('staff.role.none')}</dd>
      </dl>
      {editing ? (
        <NameForm me={me} onDone={() => setEditing(false)} />
      ) : (
        <button type="button" className={ui.secondary} onClick={() => setEditing(true)}>
          {t(me.name ? 'staff.profile.editName' : 'staff.profile.setName')}
        </button>
      )}
    </section>
  );
}

function NameForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const t = useT();
  const [name, setName] = useState(me.name ?? '');
  const { busy, error, fields, check, submit: send } = useSubmit();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(name.trim() ? {} : { name: t('v.required') })) return;
    await send(async () => {
      replaceMe(await staffApi<Me>('/api/auth/me/name', { method: 'PUT', json: { name: name.trim() } }));
      showToast('success', t('staff.profile.nameSaved'));
      onDone();
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-4`} noValidate>
      <NameField value={name} onChange={setName} error={fields.name} />
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t('staff.profile.savingName') : t('staff.profile.saveName')}
        </button>
        <button type="button" className={ui.secondary} onClick={onDone} disabled={busy}>
          {t('staff.profile.cancel')}
        </button>
      </div>
    </form>
  );
}
