import type { KindFields } from '@portal/shared';
import { Problem } from '../../../platform/http/problem.js';
import { findLicenceOfApplication } from '../stores/application-store.js';
import { applicationKind, searchColumns } from './application-kind.js';
import { newApplicationReceived } from './new.js';
import type { CheckContext, Checked } from './types.js';

/** The verification purpose that lets a holder send each change (spec 1 §2: /verification/2 and /3). */
const PURPOSE = { NameChange: 2, PlotChange: 3 } as const;

/**
 * A change is sent by the holder who verified the licensed application's mobile for that very
 * purpose; anyone else is asked to verify (401). The application must carry a licence.
 */
function checkGrant(kind: keyof typeof PURPOSE) {
  return async ({ deps, grant }: CheckContext, f: KindFields<typeof kind>): Promise<Checked> => {
    const g = await grant();
    if (!g || g.applicationId !== f.applicationId || g.purpose !== PURPOSE[kind])
      throw new Problem('VERIFICATION_REQUIRED');
    const app = await findLicenceOfApplication(deps.db, f.applicationId);
    if (!app) throw new Problem('NOT_FOUND');
    if (!app.licenceId || app.stage !== 'Approved') throw new Problem('LICENCE_NOT_READY');
    return { licenceId: app.licenceId, holderName: app.holderName || app.applicant_name };
  };
}

/**
 * Name and plot changes (spec 1 §5 "Change form"; spec 3 §4): they start at the first step with
 * no office having seen them, whatever the auto-forward settings (spec 1 §4), and are listed under
 * the holder's present name.
 */
function changeKind<K extends keyof typeof PURPOSE>(kind: K) {
  return applicationKind({
    kind,
    check: checkGrant(kind) as (ctx: CheckContext, f: KindFields<K>) => Promise<Checked>,
    columns: (f: KindFields<K>, checked: Checked) => searchColumns(f, checked.holderName ?? ''),
    placement: () => ({ stage: 'StepOne', seen: { chairman: false, uno: false, badc: false } }),
    receivedText: newApplicationReceived,
  });
}

export const nameChangeKind = changeKind('NameChange');
export const plotChangeKind = changeKind('PlotChange');
