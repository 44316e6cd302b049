import { KIND_PIPELINE, type RequestKind } from '@portal/shared/kinds/slots';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { ChangeResults } from '../change-review/ChangeResults';
import { RenewalResults } from '../renewal/RenewalResults';
import { ChecklistResults } from './ChecklistResults';
import { LicenceSummary } from './LicenceSummary';

/** What the officers recorded on a request of any kind, read-only: the checks of its pipeline. */
export function RequestResults({ detail }: { detail: ApplicationDetail }) {
  const pipeline = KIND_PIPELINE[detail.kind as RequestKind] ?? 'new';
  if (pipeline === 'renewal') return <RenewalResults detail={detail} />;
  if (pipeline === 'change') return <ChangeResults detail={detail} />;
  return (
    <>
      <ChecklistResults detail={detail} />
      <LicenceSummary detail={detail} />
    </>
  );
}
