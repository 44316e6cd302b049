import { WELL_CLASSES } from '@portal/shared/constants';
import { useT } from '../../../i18n/locale';
import { TextArea, TextField } from '../../../components/form/Field';
import { Select } from '../../../components/form/Select';
import { LocalityLists, Section, type LayoutProps } from '../formParts';
import { DateField } from '../../../components/form/DateInput';

/**
 * The renewal form (spec 1 §5 "Renewal form", printed as Form-Ga): the licence and its holder,
 * the land, last season's use and the licence's history, the irrigation charges and the fee.
 * The licence number and mobile must name a licence whose holder has that mobile; the server
 * checks that when the form arrives.
 */
export function RenewFields({ bind, localities }: LayoutProps) {
  const t = useT();
  const digits = { inputMode: 'numeric' as const, hint: t('application.hint.digits') };
  const money = { inputMode: 'decimal' as const, hint: t('application.hint.digits') };
  return (
    <>
      <Section title={t('application.section.licence')}>
        <TextField {...bind('licenceNumber', true)} inputMode="numeric" hint={t('application.hint.licenceNumber')} />
        <TextField
          {...bind('mobile', true)}
          inputMode="tel"
          autoComplete="tel"
          hint={t('application.hint.renewMobile')}
        />
        <TextField {...bind('applicantName', true)} autoComplete="name" />
        <TextField {...bind('nid', true)} {...digits} />
        <TextField {...bind('fatherName', true)} />
        <TextField {...bind('motherName')} />
      </Section>

      <Section title={t('application.section.address')}>
        <TextField {...bind('village', true)} />
        <TextField {...bind('union', true)} list="unions-list" />
        <TextField {...bind('postOffice', true)} list="posts-list" />
        <LocalityLists localities={localities} />
        <TextField {...bind('mouza', true)} />
        <TextField {...bind('jlNumber', true)} {...digits} />
        <TextField {...bind('khotian', true)} />
        <TextField {...bind('dagNumber', true)} />
        <TextField {...bind('newDagNumber')} />
        <TextField {...bind('dp')} />
      </Section>

      <Section title={t('application.section.well')}>
        <Select
          {...bind('wellClass', true)}
          options={WELL_CLASSES.map((c) => ({ value: c, label: t(`common.wellClass.${c}`) }))}
        />
        <TextArea {...bind('wellCondition')} />
      </Section>

      <Section title={t('application.section.season')}>
        <TextArea {...bind('suspensionHistory', true)} />
        <TextArea {...bind('lastSeasonArea', true)} />
        <TextArea {...bind('unusedPeriod', true)} />
      </Section>

      <Section title={t('application.section.fee')}>
        <TextField {...bind('chargeHighLand', true)} {...money} />
        <TextField {...bind('chargeLowLand', true)} {...money} />
        <TextField {...bind('applicationFee', true)} {...money} />
        <TextField {...bind('receiptNumber')} />
        <DateField {...bind('feePaidOn', true)} />
      </Section>
    </>
  );
}
