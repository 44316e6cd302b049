import type { RegisterPage } from '@portal/shared/schemas/register';
import { STAGES } from '@portal/shared/schemas/settings';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';

/** The list's count at each stage that has any, under its search and filters (docs/decisions/037). */
export function RegisterStageCounts({ counters }: { counters: RegisterPage['counters'] }) {
  const t = useT();
  const f = useFormat();
  return (
    <>
      {STAGES.filter((s) => counters.byStage[s] > 0).map((s) => (
        <span key={s} className="rounded bg-gray-100 px-2 text-gray-800">
          {t('register.count.stage', { stage: t(stageLabelKey(s)), count: f.num(counters.byStage[s]) })}
        </span>
      ))}
    </>
  );
}
