import type { Kind, RequestKind } from '@portal/shared';
import type { ApplicationKind } from './application-kind.js';
import { nameChangeKind, plotChangeKind } from './change.js';
import { existingKind } from './existing.js';
import { newKind } from './new.js';
import { renewKind } from './renew.js';
import { complaintKind, copyKind } from './services.js';
import type { IntakeKind } from './types.js';

/** Every kind's differences, by kind (decision 023). */
export const INTAKE_KINDS: { [K in Kind]: IntakeKind<K> } = {
  New: newKind,
  Existing: existingKind,
  Renew: renewKind,
  NameChange: nameChangeKind,
  PlotChange: plotChangeKind,
  Complaint: complaintKind,
  Copy: copyKind,
};

/** The kinds kept in the applications table, with their fields → search columns mapping. */
export const APPLICATION_KINDS: { [K in RequestKind]: ApplicationKind<K> } = {
  New: newKind,
  Existing: existingKind,
  Renew: renewKind,
  NameChange: nameChangeKind,
  PlotChange: plotChangeKind,
};
