import type { MessageKey } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n/locale';
import { Toaster } from '../../../components/Toast';
import { ui } from '../../../features/staff/ui';
import { SignOutButton } from '../SignOutButton';
import PasswordSetting from '../PasswordSetting';
import { AREA_VIEWS } from './areaViews';

/**
 * The national administrator's and the area viewers' screen (docs/decisions/057-offices.md, step
 * 4), for an account with a role over an area and none in the office of this address. Its views
 * (areaViews.ts) are tabs; the one open is in the address (`?view=`), so a reload keeps it.
 */
export default function AreaApp({ me }: { me: Me }) {
  const t = useT();
  const area = me.area!;
  const [params, setParams] = useSearchParams();
  const views = AREA_VIEWS.filter((v) => v.roles.includes(area.role));
  const current = views.find((v) => v.id === params.get('view')) ?? views[0]!;
  const View = current.component;

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="flex flex-wrap items-center justify-between gap-2 bg-brand-800 px-4 py-3 text-white">
        <div>
          <p className="font-semibold">{t('offices.service')}</p>
          <p className="text-sm">
            {me.name ?? me.email} · {t(`offices.national.role.${area.role}` as MessageKey)}
          </p>
        </div>
        <SignOutButton className={`${ui.secondary} text-gray-900`} />
      </header>
      <main className="mx-auto max-w-4xl space-y-4 p-4">
        {/* A one-time password is replaced before anything else (decision 014); the server refuses the rest. */}
        {me.mustChangePassword ? (
          <PasswordSetting />
        ) : (
          <>
            <h1 className={ui.h1}>{t('offices.national.title')}</h1>
            {views.length > 1 && (
              <nav aria-label={t('offices.national.views')} className="flex flex-wrap gap-2">
                {views.map((v) => (
                  <button
                    key={v.id}
                    type="button"
                    aria-current={v.id === current.id ? 'page' : undefined}
                    className={v.id === current.id ? ui.primary : ui.secondary}
                    onClick={() => setParams(v.id === views[0]!.id ? {} : { view: v.id })}
                  >
                    {t(v.label)}
                  </button>
                ))}
              </nav>
            )}
            <View me={me} />
          </>
        )}
      </main>
      <Toaster />
    </div>
  );
}
