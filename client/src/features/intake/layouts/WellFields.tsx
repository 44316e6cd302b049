import { lazy, Suspense, useCallback } from 'react';
import { PUMP_TYPES, WELL_CLASSES, WELL_SIZES } from '@portal/shared/constants';
import { useT } from '../../../i18n/locale';
import { useAfterLoad } from '../../../useAfterLoad';
import { TextArea, TextField } from '../../../components/form/Field';
import { Select } from '../../../components/form/Select';
import { visibleIdentityGroups, type FormValues } from '../../application/formValues';
import { textOf } from '../kindForms';
import { LocalityLists, Section, type LayoutProps } from '../formParts';
import { DateField } from '../../../components/form/DateInput';

// The picker (GPS button, map) follows the form's first paint: it is drawn, and so fetched, once
// the page has settled; the two boxes under it take a position without it
// (docs/decisions/044-catalogue-by-page.md, docs/decisions/045-first-render-waits-for-the-page.md).
const LocationPicker = lazy(() => import('../../map/LocationPicker').then((m) => ({ default: m.LocationPicker })));

/**
 * The new-licence and existing-well forms (spec 1 §2, §3, §5), grouped the way the paper form is.
 * They differ in one field: an existing well's pump already runs, so its electricity bill's
 * account number is asked (required) and its bill is the seventh document.
 */
export function WellFields({ kind, values, setValue, bind, localities }: LayoutProps) {
  const t = useT();
  const groups = visibleIdentityGroups(values as unknown as FormValues);
  const onPosition = useCallback(
    (lat: string, lng: string) => {
      setValue('latitude', lat);
      setValue('longitude', lng);
    },
    [setValue],
  );
  const digits = { inputMode: 'numeric' as const, hint: t('application.hint.digits') };
  const settled = useAfterLoad();
  const pickerLoading = <p className="text-sm text-gray-600">{t('common.loading')}</p>;
  const listHint = (has: boolean | undefined) => (has ? t('application.listHint') : undefined);

  return (
    <>
      <Section title={t('application.section.identity')}>
        <p className="mb-3 text-sm text-gray-700">{t('application.identityHint')}</p>
        {groups.individual && (
          <div className="mb-2 border-s-4 border-brand-600 ps-3">
            <p className="mb-1 text-sm font-bold text-gray-600">{t('application.identity.individual')}</p>
            <TextField {...bind('applicantName')} autoComplete="name" />
          </div>
        )}
        {groups.cooperative && (
          <div className="mb-2 border-s-4 border-amber-500 ps-3">
            <p className="mb-1 text-sm font-bold text-gray-600">{t('application.identity.cooperative')}</p>
            <TextField {...bind('registrationNumber')} />
            <TextField {...bind('instituteName')} />
          </div>
        )}
        {groups.group && (
          <div className="mb-2 border-s-4 border-sky-600 ps-3">
            <p className="mb-1 text-sm font-bold text-gray-600">{t('application.identity.group')}</p>
            <TextField {...bind('groupName')} />
            <TextField {...bind('representativeName')} />
          </div>
        )}
        <TextField {...bind('fatherName', true)} />
        <TextField {...bind('motherName')} />
        <TextField {...bind('nid')} {...digits} />
        <TextField {...bind('mobile', true)} inputMode="tel" autoComplete="tel" hint={t('application.hint.mobile')} />
      </Section>

      <Section title={t('application.section.address')}>
        <TextField {...bind('upazila', true)} />
        <TextField {...bind('village', true)} />
        <TextField {...bind('union', true)} list="unions-list" hint={listHint(!!localities?.unions.length)} />
        <TextField {...bind('postOffice', true)} list="posts-list" hint={listHint(!!localities?.posts.length)} />
        <LocalityLists localities={localities} />
        <TextField {...bind('mouza', true)} />
        <TextField {...bind('jlNumber', true)} {...digits} />
        <TextField {...bind('khotian', true)} />
        <TextField {...bind('dagNumber', true)} />
      </Section>

      <Section title={t('application.section.well')}>
        <Select
          {...bind('wellClass', true)}
          options={WELL_CLASSES.map((c) => ({ value: c, label: t(`common.wellClass.${c}`) }))}
        />
        <Select
          {...bind('wellSize', true)}
          options={WELL_SIZES.map((s) => ({ value: s.value, label: t(`common.wellSize.${s.value}`) }))}
        />
        <Select
          {...bind('pumpType', true)}
          options={PUMP_TYPES.map((p) => ({ value: p, label: t(`common.pumpType.${p}`) }))}
        />
        {kind === 'Existing' && <TextField {...bind('billNumber', true)} hint={t('application.hint.billNumber')} />}
        <TextField {...bind('nearestWellDistance')} hint={t('application.hint.nearestWellDistance')} />
        <TextField {...bind('proposedMouza')} />
        <TextField {...bind('proposedUnion')} list="unions-list" />
      </Section>

      <Section title={t('application.section.other')}>
        <TextArea {...bind('benefitArea')} />
        <TextArea {...bind('specialConsideration')} />
      </Section>

      <Section title={t('application.section.fee')}>
        <TextField {...bind('advanceFee', true)} inputMode="decimal" hint={t('application.hint.digits')} />
        <TextField {...bind('slipNumber')} />
        <DateField {...bind('feePaidOn')} />
      </Section>

      <Section title={t('application.section.location')}>
        <Suspense fallback={pickerLoading}>
          {settled ? (
            <LocationPicker
              latitude={textOf(values, 'latitude')}
              longitude={textOf(values, 'longitude')}
              onChange={onPosition}
            />
          ) : (
            pickerLoading
          )}
        </Suspense>
        <div className="grid grid-cols-2 gap-3">
          <TextField {...bind('latitude')} inputMode="decimal" placeholder="২৩.৮১০৩" />
          <TextField {...bind('longitude')} inputMode="decimal" placeholder="৯০.৪১২৫" />
        </div>
      </Section>
    </>
  );
}
