import type { FormKa } from '@portal/shared';
import type { MessageKey } from '@portal/shared/i18n/index';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { KIND_SLOTS } from '@portal/shared/kinds/slots';
import { bd, bdDate, pt } from './printText';
import { applicantLines, DocumentList, Lines, NumberLine, Sheet, SheetHeader, Signature, text } from './SheetParts';

/**
 * Form-Ga, the renewal application (spec 1 §2 "Print pages"): licence number, date, applicant
 * details, old and new plot numbers, well condition, suspension history, last season's use, the
 * irrigation charges for high and low land, fee and receipt, the six documents and the mobile
 * number, on one A4 page (210mm) in Bangla digits.
 */
export function FormGaSheet({ form }: { form: FormKa }) {
  const f = form.fields as Record<string, string | number | undefined>;
  const wellClass = f.wellClass ? pt(`common.wellClass.${String(f.wellClass)}` as MessageKey) : '—';
  return (
    <Sheet>
      <SheetHeader
        form={form}
        formName={pt('application.print.formGa')}
        heading={pt('application.print.headingRenew')}
      />
      <NumberLine form={form}>
        <span>
          {pt('application.print.licenceNumber')}:{' '}
          <span data-testid="print-licence">
            {f.licenceNumber === undefined ? '—' : toBanglaDigits(String(f.licenceNumber))}
          </span>
        </span>
      </NumberLine>
      <Lines
        lines={[
          ...applicantLines(f, bd(f.applicantName), form.upazila),
          [
            pt('application.print.oldNewDag'),
            <>
              {bd(f.dagNumber)} / {bd(f.newDagNumber)}
            </>,
          ],
          [pt('application.field.dp'), bd(f.dp)],
          [pt('application.field.wellClass'), wellClass],
          [pt('application.field.wellCondition'), text(f.wellCondition)],
          [pt('application.field.suspensionHistory'), text(f.suspensionHistory)],
          [pt('application.field.lastSeasonArea'), text(f.lastSeasonArea)],
          [pt('application.field.unusedPeriod'), text(f.unusedPeriod)],
          [
            pt('application.print.charges'),
            <span data-testid="print-charges">
              {pt('application.print.chargeLine', { high: bd(f.chargeHighLand), low: bd(f.chargeLowLand) })}
            </span>,
          ],
          [
            pt('application.print.applicationFee'),
            pt('application.print.renewFeeLine', {
              fee: bd(f.applicationFee),
              slip: bd(f.receiptNumber),
              date: bdDate(f.feePaidOn),
            }),
          ],
        ]}
      />
      <DocumentList form={form} slots={KIND_SLOTS.Renew} />
      <Signature declaration={pt('application.print.declarationRenew')} />
    </Sheet>
  );
}
