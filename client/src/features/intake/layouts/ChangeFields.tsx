import { useT } from '../../../i18n/locale';
import { TextField } from '../../../components/form/Field';
import { LocalityLists, Section, type LayoutProps } from '../formParts';
import { DateField } from '../../../components/form/DateInput';

/**
 * The change form of a name change and a plot change (spec 1 §5 "Change form"): what is to
 * change first (the new name, or the new plot), then the applicant's and the land's details
 * prefilled from the licensed application, the proposed site and the change's own fee. Every
 * field is required.
 */
export function ChangeFields({ kind, bind, localities }: LayoutProps) {
  const t = useT();
  const digits = { inputMode: 'numeric' as const, hint: t('application.hint.digits') };
  return (
    <>
      <Section title={t('application.section.change')}>
        {kind === 'NameChange' ? (
          <TextField {...bind('newApplicantName', true)} autoComplete="name" />
        ) : (
          <TextField {...bind('newDagNumber', true)} />
        )}
      </Section>

      <Section title={t('application.section.identity')}>
        <TextField {...bind('fatherName', true)} />
        <TextField {...bind('mobile', true)} inputMode="tel" autoComplete="tel" hint={t('application.hint.mobile')} />
      </Section>

      <Section title={t('application.section.address')}>
        <TextField {...bind('upazila', true)} />
        <TextField {...bind('village', true)} />
        <TextField {...bind('union', true)} list="unions-list" />
        <TextField {...bind('postOffice', true)} list="posts-list" />
        <LocalityLists localities={localities} />
        <TextField {...bind('mouza', true)} />
        <TextField {...bind('jlNumber', true)} {...digits} />
        <TextField {...bind('khotian', true)} />
        <TextField {...bind('dagNumber', true)} />
      </Section>

      <Section title={t('application.section.proposed')}>
        <TextField {...bind('proposedMouza', true)} />
        <TextField {...bind('proposedUnion', true)} list="unions-list" />
      </Section>

      <Section title={t('application.section.fee')}>
        <TextField {...bind('advanceFee', true)} inputMode="decimal" hint={t('application.hint.digits')} />
        <TextField {...bind('slipNumber', true)} />
        <DateField {...bind('feePaidOn', true)} />
      </Section>
    </>
  );
}
