import type { MessageKey } from '@portal/shared/i18n/index';
import { KIND_SLOTS, type RequestKind } from '@portal/shared/kinds/slots';
import { TEXT_FIELDS } from '../application/formValues';

/**
 * What the form shell needs to know about each kind's form, without zod (the form paints before
 * validation loads; docs/decisions/018-service-targets.md): the draft it is kept under, the text
 * fields it holds, its document slots (KIND_SLOTS, the one slot table), its title and where its
 * printed form is. The fields' rules are the kind's schema in shared/src/kinds/<kind>.ts.
 */
export type FormKind = RequestKind;

/** A form's answers as typed: every text field a string (Bangla digits and all), the agreement a tick. */
export type KindValues = Record<string, string | boolean>;

/** The new-licence form's fields in the paper form's order (spec 1 §2, §3, §5): the form's own list. */
const WELL_FIELDS = TEXT_FIELDS;

/** The renewal form (spec 1 §5 "Renewal form"; printed as Form-Ga). */
const RENEW_FIELDS = [
  'licenceNumber',
  'mobile',
  'applicantName',
  'nid',
  'fatherName',
  'motherName',
  'village',
  'union',
  'postOffice',
  'mouza',
  'jlNumber',
  'khotian',
  'dagNumber',
  'newDagNumber',
  'dp',
  'wellClass',
  'wellCondition',
  'suspensionHistory',
  'lastSeasonArea',
  'unusedPeriod',
  'chargeHighLand',
  'chargeLowLand',
  'applicationFee',
  'receiptNumber',
  'feePaidOn',
] as const;

/** The change form that name and plot changes share (spec 1 §5 "Change form"). */
const CHANGE_FIELDS = [
  'mobile',
  'fatherName',
  'upazila',
  'village',
  'union',
  'postOffice',
  'mouza',
  'jlNumber',
  'khotian',
  'dagNumber',
  'proposedMouza',
  'proposedUnion',
  'advanceFee',
  'slipNumber',
  'feePaidOn',
] as const;

export interface KindForm {
  kind: FormKind;
  /** The draft's name; the new form keeps 'new-application' so drafts typed before this version survive. */
  formId: string;
  /** Text fields in the order the form shows them and check-your-answers lists them. */
  fields: readonly string[];
  /** Fields that are sent but never typed (the change form's applicationId). */
  hidden: readonly string[];
  slots: readonly string[];
  title: MessageKey;
  intro: MessageKey;
  /** Applications taken only while the office's others1 setting is ON (spec 1 §2). */
  closable: boolean;
  /** The three identity alternatives of the well forms (spec 1 §2). */
  identity: boolean;
  /** Where the form is (a change form opens after the mobile is verified there). */
  path: string;
  /** The printed application (spec 1 §2 "Print pages"): Form-Ga for a renewal, else Form-Ka. */
  printPath: string;
}

export const KIND_FORMS: Record<FormKind, KindForm> = {
  New: {
    kind: 'New',
    formId: 'new-application',
    fields: WELL_FIELDS,
    hidden: [],
    slots: KIND_SLOTS.New,
    title: 'application.title',
    intro: 'application.intro',
    closable: true,
    identity: true,
    path: '/new-application',
    printPath: '/new-app-print',
  },
  Existing: {
    kind: 'Existing',
    formId: 'existing-application',
    fields: [...WELL_FIELDS.slice(0, 20), 'billNumber', ...WELL_FIELDS.slice(20)],
    hidden: [],
    slots: KIND_SLOTS.Existing,
    title: 'application.kind.Existing.title',
    intro: 'application.kind.Existing.intro',
    closable: true,
    identity: true,
    path: '/existing-application',
    printPath: '/existing-app-print',
  },
  Renew: {
    kind: 'Renew',
    formId: 'renew-application',
    fields: RENEW_FIELDS,
    hidden: [],
    slots: KIND_SLOTS.Renew,
    title: 'application.kind.Renew.title',
    intro: 'application.kind.Renew.intro',
    closable: true,
    identity: false,
    path: '/renew-application',
    printPath: '/renew-app-print',
  },
  NameChange: {
    kind: 'NameChange',
    formId: 'name-change',
    fields: ['newApplicantName', ...CHANGE_FIELDS],
    hidden: ['applicationId'],
    slots: KIND_SLOTS.NameChange,
    title: 'application.kind.NameChange.title',
    intro: 'application.kind.change.intro',
    closable: false,
    identity: false,
    path: '/verification/2',
    printPath: '/new-app-print',
  },
  PlotChange: {
    kind: 'PlotChange',
    formId: 'plot-change',
    fields: ['newDagNumber', ...CHANGE_FIELDS],
    hidden: ['applicationId'],
    slots: KIND_SLOTS.PlotChange,
    title: 'application.kind.PlotChange.title',
    intro: 'application.kind.change.intro',
    closable: false,
    identity: false,
    path: '/verification/3',
    printPath: '/new-app-print',
  },
};

/** The print page of a numbered request of any kind ('application' is the pre-kinds name of New). */
export function printPathOf(kind: string, applicationId: string): string {
  const form = (KIND_FORMS as Partial<Record<string, KindForm>>)[kind];
  return `${form?.printPath ?? '/new-app-print'}/${encodeURIComponent(applicationId)}`;
}

/** The paper form that print page draws, named on the links to it: Form-Ga for a renewal, else Form-Ka. */
export function printFormOf(kind: string): MessageKey {
  const form = (KIND_FORMS as Partial<Record<string, KindForm>>)[kind];
  return form?.printPath === '/renew-app-print' ? 'application.print.formGa' : 'application.print.formKa';
}

/** A blank form of this kind: every text field empty, the agreement not ticked. */
export function emptyKindValues(kind: FormKind): KindValues {
  const form = KIND_FORMS[kind];
  return Object.fromEntries(
    [...form.fields, ...form.hidden].map((k) => [k, '' as string | boolean]).concat([['agreed', false]]),
  );
}

/** A text field's value as the form holds it ('' when absent). */
export const textOf = (values: KindValues, name: string): string => {
  const v = values[name];
  return typeof v === 'string' ? v : '';
};

/** Fields whose stored value is a code: shown with its label (common.<field>.<code>). */
export const CODED_FIELDS: Partial<Record<string, string>> = {
  wellClass: 'common.wellClass.',
  wellSize: 'common.wellSize.',
  pumpType: 'common.pumpType.',
};

/** Fields that hold a date (stored as YYYY-MM-DD, shown day-month-year; spec README defect 8). */
export const DATE_FIELDS: readonly string[] = ['feePaidOn'];
