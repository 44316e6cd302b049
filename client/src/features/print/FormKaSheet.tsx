import type { FormKa } from '@portal/shared';
import type { MessageKey } from '@portal/shared/i18n/index';
import { KIND_SLOTS, type RequestKind } from '@portal/shared/kinds/slots';
import { bd, bdDate, pt } from './printText';
import { applicantLines, DocumentList, Lines, NumberLine, Sheet, SheetHeader, Signature, text } from './SheetParts';

/** The heading of Form-Ka by kind: a new well, an existing well, or a change of a licensed one. */
const HEADINGS: Partial<Record<string, { form: MessageKey; heading: MessageKey }>> = {
  New: { form: 'application.print.formKa', heading: 'application.print.heading' },
  Existing: { form: 'application.print.formKaExisting', heading: 'application.print.headingExisting' },
  NameChange: { form: 'application.print.formKa', heading: 'application.print.headingNameChange' },
  PlotChange: { form: 'application.print.formKa', heading: 'application.print.headingPlotChange' },
};

/**
 * Form-Ka (spec 1 §2 "Print pages"): the applicant's photo, upazila, application number, class
 * and size, dates, names, addresses, plot details, fees, slip number and the document checklist,
 * on one A4 page. One sheet for a new and an existing well (the existing one adds the electricity
 * bill's number and its seventh document); a change request prints its new name or plot on it.
 */
export function FormKaSheet({ form }: { form: FormKa }) {
  const f = form.fields as Record<string, string | number | boolean | undefined>;
  const s = (k: string) => (f[k] === undefined ? '' : String(f[k]));
  const name =
    s('applicantName') ||
    (s('instituteName') ? `${s('instituteName')} (${s('registrationNumber')})` : '') ||
    (s('groupName') ? `${s('groupName')}, ${s('representativeName')}` : '');
  const upazila = form.upazila || s('upazila');
  const coded = (field: string, prefix: string) => (s(field) ? pt(`${prefix}${s(field)}` as MessageKey) : '—');
  const head = HEADINGS[form.kind] ?? HEADINGS.New!;
  const slots = KIND_SLOTS[(form.kind in KIND_SLOTS ? form.kind : 'New') as RequestKind];
  return (
    <Sheet>
      <SheetHeader form={form} formName={pt(head.form)} heading={pt(head.heading)} />
      <NumberLine form={form} />
      <Lines
        lines={[
          form.kind === 'NameChange' ? [pt('application.field.newApplicantName'), bd(f.newApplicantName)] : null,
          form.kind === 'PlotChange' ? [pt('application.field.newDagNumber'), bd(f.newDagNumber)] : null,
          ...applicantLines(f, name, upazila),
          [
            pt('application.print.classAndSize'),
            `${coded('wellClass', 'common.wellClass.')}, ${coded('wellSize', 'common.wellSize.')}`,
          ],
          [pt('application.field.pumpType'), coded('pumpType', 'common.pumpType.')],
          form.kind === 'Existing' ? [pt('application.field.billNumber'), bd(f.billNumber)] : null,
          [
            pt('application.print.proposedSite'),
            pt('application.print.proposedLine', { mouza: bd(f.proposedMouza), union: bd(f.proposedUnion) }),
          ],
          [pt('application.field.nearestWellDistance'), bd(f.nearestWellDistance)],
          [pt('application.field.benefitArea'), text(f.benefitArea)],
          [pt('application.field.specialConsideration'), text(f.specialConsideration)],
          [pt('application.print.location'), f.latitude !== undefined ? `${bd(f.latitude)}, ${bd(f.longitude)}` : '—'],
          [
            pt('application.print.fees'),
            pt('application.print.feeLine', {
              fee: bd(f.advanceFee),
              slip: bd(f.slipNumber),
              date: bdDate(f.feePaidOn),
            }),
          ],
        ]}
      />
      <DocumentList form={form} slots={slots} />
      <Signature declaration={pt('application.print.declaration')} />
    </Sheet>
  );
}
