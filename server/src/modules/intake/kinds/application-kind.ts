import type { Transaction } from 'kysely';
import { toLatinDigits, type KindFields, type RequestKind, type SiteSettings } from '@portal/shared';
import type { DB, Stage } from '../../../platform/db/schema.js';
import { writeAudit } from '../../audit/audit.repository.js';
import { enqueueSms } from '../../sms/outbox.js';
import { mayTextReceived } from '../intake-limits.js';
import { insertApplication, type NewApplicationRow } from '../../applications/application-insert.js';
import { applicationStore } from '../stores/application-store.js';
import type { IntakeRow } from '../stores/types.js';
import type { CheckContext, Checked, IntakeKind } from './types.js';

/** Where a new request starts in the pipeline, and which offices have "seen" it. */
export interface Placement {
  stage: Stage;
  seen: { chairman: boolean; uno: boolean; badc: boolean };
}

/** New, Existing and Renew start where the Admin's settings say (spec 1 §4: auto-forward and destination). */
export const placementFromSettings = (s: SiteSettings): Placement => ({
  stage: s.destination,
  seen: {
    chairman: s.autoForwardChairman === 'Seen',
    uno: s.autoForwardUNO === 'Seen',
    badc: s.autoForwardBADC === 'Seen',
  },
});

/** The "received" text of a kind, or null when its setting is OFF. */
export type ReceivedText = (settings: SiteSettings, row: IntakeRow) => string | null;

/** The form fields every application kind has that the officers' lists search by. */
interface ListedFields {
  fatherName: string;
  mobile: string;
  upazila?: string;
  village: string;
  union: string;
  mouza: string;
  jlNumber?: string;
  dagNumber: string;
}

/** The search columns of an application: the name the lists show, and the place fields as typed. */
export function searchColumns(f: ListedFields, applicantName: string): NewApplicationRow['columns'] {
  return {
    applicantName,
    fatherName: f.fatherName,
    mobile: f.mobile,
    upazila: f.upazila ?? '',
    village: f.village,
    union: f.union,
    mouza: f.mouza,
    jlNumber: f.jlNumber ?? '',
    dagNumber: f.dagNumber,
  };
}

/** An application kind, with the one mapping of its fields to the search columns (the edit view reuses it). */
export interface ApplicationKind<K extends RequestKind> extends IntakeKind<K> {
  columns(fields: KindFields<K>, checked: Checked): NewApplicationRow['columns'];
}

/**
 * A kind stored in the applications table: the parts that differ are the search columns, the
 * placement, the pre-insert check and the "received" text.
 */
export function applicationKind<K extends RequestKind>(spec: {
  kind: K;
  hashTag?: string;
  check?: (ctx: CheckContext, fields: KindFields<K>) => Promise<Checked>;
  columns: (fields: KindFields<K>, checked: Checked) => NewApplicationRow['columns'];
  placement: (settings: SiteSettings) => Placement;
  receivedText: ReceivedText;
}): ApplicationKind<K> {
  const columns = (fields: KindFields<K>, checked: Checked) => {
    const c = spec.columns(fields, checked);
    // Plot numbers are free text ("১২৩, ১২৪"); the search copy holds Latin digits like jl_number.
    return { ...c, dagNumber: toLatinDigits(c.dagNumber) };
  };
  return {
    kind: spec.kind,
    columns,
    hashTag: spec.hashTag ?? spec.kind,
    store: applicationStore,
    closable: true,
    check: spec.check ?? (() => Promise.resolve({ licenceId: null })),
    async insert(trx, input) {
      const placement = spec.placement(input.settings);
      const row = await insertApplication(trx, {
        id: input.id,
        kind: spec.kind,
        licenceId: input.checked.licenceId,
        contentHash: input.contentHash,
        fields: input.fields as Record<string, unknown>,
        manifest: input.manifest,
        columns: columns(input.fields, input.checked),
        ...placement,
        now: input.now,
      });
      if (row) {
        await writeAudit(trx, {
          applicationId: input.id,
          actor: 'citizen',
          action: 'submitted',
          toStage: placement.stage,
          details: { applicationNumber: row.referenceNumber, kind: spec.kind, files: input.manifest.length },
          at: input.now,
        });
      }
      return row;
    },
    async onComplete(trx: Transaction<DB>, row, settings, now) {
      await writeAudit(trx, { applicationId: row.id, actor: 'citizen', action: 'received-complete', at: now });
      // The request counts either way; a number gets a few such texts a day at most (decision 015).
      const body = spec.receivedText(settings, row);
      if (body && (await mayTextReceived(trx, row.mobile, now))) {
        await enqueueSms(trx, {
          to: row.mobile,
          body,
          kind: 'applicationReceived',
          dedupeKey: `app-received:${row.id}`,
        });
      }
    },
  };
}
