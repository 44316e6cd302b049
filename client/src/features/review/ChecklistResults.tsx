import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from './format';
import { asksElectricityBill } from './checklist';
import { Section } from './ui';

/** The inspector's checklist answers with yes/no icons and reasons, and the final remarks (spec 3 §2 seen-view). */
export function ChecklistResults({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { locale } = useLocale();
  const items = detail.checklist;
  // Item 7 was never asked on other forms: it is stored as "yes" and would only mislead here.
  const shown = items ? items.slice(0, asksElectricityBill(detail.kind) ? 7 : 6) : [];
  return (
    <Section title={t('decisions.checklist.resultsTitle')} id="results-title">
      {!items ? (
        <p className="text-gray-600">{t('decisions.checklist.notYet')}</p>
      ) : (
        <ol className="divide-y divide-gray-200">
          {shown.map((c, i) => (
            <li key={i} className="flex gap-3 py-2">
              <span aria-hidden="true" className={`text-xl font-bold ${c.ok ? 'text-brand-700' : 'text-red-700'}`}>
                {c.ok ? '✓' : '✗'}
              </span>
              <div>
                <div>
                  {localDigits(i + 1, locale)}. {t(`review.checklist.${i + 1}` as MessageKey)}
                </div>
                <div className={c.ok ? 'text-brand-800' : 'text-red-800'}>
                  {t(c.ok ? 'decisions.checklist.ok' : 'decisions.checklist.notOk')}
                  {!c.ok && c.reason ? `: ${c.reason}` : ''}
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {detail.finalRemarks && (
        <div className="mt-3">
          <h3 className="font-bold">{t('decisions.final.currentRemarks')}</h3>
          <p className="whitespace-pre-wrap">{detail.finalRemarks}</p>
        </div>
      )}
    </Section>
  );
}
