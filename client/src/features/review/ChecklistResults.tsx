import type { ReactNode } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from './format';
import { askedItems } from './checklist';
import { Section } from './ui';

export interface CheckResult {
  ok: boolean;
  /** The reason on a check, or the note on a change mark. */
  text?: string | null;
}

/**
 * Given yes/no answers with ✓/✗ and the text typed on "no" (spec 3 §2 seen-view): the BADC
 * checklist, the renewal's document checks and the change review's marks read the same way.
 */
export function CheckResults({
  title,
  id,
  labels,
  results,
  notYet,
  children,
}: {
  title: string;
  id: string;
  labels: ReactNode[];
  results: CheckResult[] | null;
  notYet: string;
  children?: ReactNode;
}) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Section title={title} id={id}>
      {!results ? (
        <p className="text-gray-600">{notYet}</p>
      ) : (
        <ol className="divide-y divide-gray-200">
          {results.slice(0, labels.length).map((c, i) => (
            <li key={i} className="flex gap-3 py-2">
              <span aria-hidden="true" className={`text-xl font-bold ${c.ok ? 'text-brand-700' : 'text-red-700'}`}>
                {c.ok ? '✓' : '✗'}
              </span>
              <div>
                <div>
                  {localDigits(i + 1, locale)}. {labels[i]}
                </div>
                <div className={c.ok ? 'text-brand-800' : 'text-red-800'}>
                  {t(c.ok ? 'decisions.checklist.ok' : 'decisions.checklist.notOk')}
                  {c.text ? `: ${c.text}` : ''}
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {children}
    </Section>
  );
}

/** The inspector's checklist answers and the final remarks of a new application (spec 3 §2 seen-view). */
export function ChecklistResults({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  // Item 7 was never asked on other forms: it is stored as "yes" and would only mislead here.
  const labels = Array.from({ length: askedItems(detail.kind) }, (_, i) =>
    t(`review.checklist.${i + 1}` as MessageKey),
  );
  return (
    <CheckResults
      title={t('decisions.checklist.resultsTitle')}
      id="results-title"
      labels={labels}
      results={detail.checklist?.map((c) => ({ ok: c.ok, text: c.ok ? null : c.reason })) ?? null}
      notYet={t('decisions.checklist.notYet')}
    >
      {detail.finalRemarks && (
        <div className="mt-3">
          <h3 className="font-bold">{t('decisions.final.currentRemarks')}</h3>
          <p className="whitespace-pre-wrap">{detail.finalRemarks}</p>
        </div>
      )}
    </CheckResults>
  );
}
