import type { ComplaintFields, CopyFields } from '@portal/shared';
import { insertComplaint, insertCopyRequest, serviceStore } from '../stores/service-store.js';
import type { IntakeKind } from './types.js';

/**
 * Complaints and copy requests (spec 1 §2-§5): their own tables, no review pipeline, no "received"
 * text, and open whatever settings.others1 says.
 */
const noCheck = () => Promise.resolve({ licenceId: null });
const nothingOnComplete = () => Promise.resolve();

export const complaintKind: IntakeKind<'Complaint'> = {
  kind: 'Complaint',
  hashTag: 'complaint',
  store: serviceStore('complaint'),
  closable: false,
  check: noCheck,
  insert: (trx, i) =>
    insertComplaint(trx, {
      id: i.id,
      contentHash: i.contentHash,
      manifest: i.manifest,
      now: i.now,
      name: (i.fields as ComplaintFields).name,
      mobile: i.fields.mobile,
    }),
  onComplete: nothingOnComplete,
};

export const copyKind: IntakeKind<'Copy'> = {
  kind: 'Copy',
  hashTag: 'copy',
  store: serviceStore('copy'),
  closable: false,
  check: noCheck,
  insert: (trx, i) => {
    const f: CopyFields = i.fields;
    return insertCopyRequest(trx, {
      id: i.id,
      contentHash: i.contentHash,
      manifest: i.manifest,
      now: i.now,
      mobile: f.mobile,
      licenceNumber: f.licenceNumber ?? '',
      fee: f.fee,
      appType: f.appType,
    });
  },
  onComplete: nothingOnComplete,
};
