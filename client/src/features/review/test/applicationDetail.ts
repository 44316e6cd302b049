import type { ApplicationDetail } from '@portal/shared/schemas/review';

/**
 * An application's detail as the server sends it, for the officer screens' tests: a new, complete
 * application with nothing decided, no files and nothing the reader may do, unless `over` says so.
 */
export function applicationDetail(over: Partial<ApplicationDetail>): ApplicationDetail {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
    applicationNumber: 12,
    kind: 'New',
    stage: 'Pending',
    seen: { chairman: true, uno: true, badc: true },
    version: 5,
    submittedAt: null,
    intakeStatus: 'complete',
    fields: {},
    files: [],
    checklist: null,
    renewalChecks: null,
    changeMarks: null,
    change: null,
    finalRemarks: null,
    recheck: { requested: false, message: null },
    licence: null,
    audit: [],
    allowedActions: [],
    ...over,
  };
}
