import type { ReactNode } from 'react';
import { can } from '@portal/shared/access';
import type { MessageKey } from '@portal/shared/i18n/index';
import { KIND_SLOTS, KINDS_ON_A_LICENCE, type RequestKind } from '@portal/shared/kinds/slots';
import { OFFICER_FILE_SLOTS, type FileSlot } from '@portal/shared/schemas/files';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import { useLocale, useT } from '../../i18n/locale';
import { useMe } from '../staff/useMe';
import { AuditTrail } from './AuditTrail';
import { coordinate, FIELD_GROUPS, fieldLabel, fieldValue, otherFieldNames } from './fieldRows';
import { localDate, localDateTime, localDigits } from './format';
import { MapLink } from './MapLink';
import { textLink } from './ui';
import { usePackFileUrl } from '../field-pack/usePackFileUrl';

type DetailFile = ApplicationDetail['files'][number];

function SectionRow({ title }: { title: string }) {
  return (
    <tr className="bg-brand-50">
      <th colSpan={2} scope="colgroup" className="px-2 py-2 text-left font-bold text-brand-900">
        {title}
      </th>
    </tr>
  );
}

function Row({ title, children }: { title: string; children: ReactNode }) {
  return (
    <tr className="border-t border-gray-200 align-top">
      <th scope="row" className="px-2 py-2 text-left font-normal text-gray-700">
        {title}
      </th>
      <td className="px-2 py-2 break-words">{children}</td>
    </tr>
  );
}

/** The documents a kind's form asks for, in the legacy order (shared/src/kinds/slots.ts). */
export function kindSlots(kind: string): readonly FileSlot[] {
  return (KIND_SLOTS[kind as RequestKind] ?? KIND_SLOTS.New) as readonly FileSlot[];
}

/** Slots listed in the table: the documents of the request's kind, then any other file present. */
function listedSlots(detail: ApplicationDetail): FileSlot[] {
  const docs = kindSlots(detail.kind);
  const others = [...new Set(detail.files.map((f) => f.slot))].filter((s) => !docs.includes(s));
  const officer = [...OFFICER_FILE_SLOTS, 'citizenConsent'] as FileSlot[];
  return [...docs, ...officer.filter((s) => others.includes(s)), ...others.filter((s) => !officer.includes(s))];
}

/**
 * Rows about the licence a renewal or change is for, and the change asked as old → new (spec 3 §2
 * change-pending-view), so every screen of such a request shows what it is about.
 */
function OnLicenceRows({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { locale } = useLocale();
  if (!KINDS_ON_A_LICENCE.includes(detail.kind as RequestKind)) return null;
  const l = detail.licence;
  const c = detail.change;
  return (
    <>
      <SectionRow title={t('review.onLicence.title')} />
      {!l ? (
        <Row title={t('decisions.licence.number')}>
          <span className="text-red-700">{t('review.onLicence.none')}</span>
        </Row>
      ) : (
        <>
          <Row title={t('decisions.licence.number')}>{localDigits(l.number, locale)}</Row>
          <Row title={t('review.onLicence.holder')}>{l.holderName}</Row>
          <Row title={t('review.onLicence.dag')}>{localDigits(l.dagNumber, locale)}</Row>
          <Row title={t('decisions.licence.status')}>{t(`licence.status.${l.status}` as MessageKey)}</Row>
          <Row title={t('decisions.licence.validity')}>
            {t('decisions.licence.validityRange', {
              from: localDate(l.validFrom, locale),
              to: localDate(l.validTo, locale),
            })}
          </Row>
        </>
      )}
      {c && (
        <Row title={`${t('review.change.title')}: ${t(`review.change.field.${c.field}`)}`}>
          <strong data-testid="requested-change">
            {t('review.change.fromTo', { from: localDigits(c.from, locale), to: localDigits(c.to, locale) })}
          </strong>
        </Row>
      )}
    </>
  );
}

export function FileCell({ slot, file }: { slot: FileSlot; file: DetailFile | undefined }) {
  const t = useT();
  // The field pack's copy when the phone has one, so the document opens with no signal (decision 031).
  const href = usePackFileUrl(file);
  if (!file) return <span className="text-red-700">✗ {t('decisions.file.none')}</span>;
  const isImage = file.mime.startsWith('image/');
  return (
    <div className="space-y-1">
      {slot === 'photo' && isImage && (
        <img
          src={href}
          alt={t('decisions.file.photoAlt')}
          width={150}
          height={160}
          className="h-[160px] w-[150px] rounded border border-gray-300 object-cover"
        />
      )}
      <a href={href} target="_blank" rel="noopener noreferrer" className={textLink}>
        ✓ {t('decisions.file.open')}
        {file.originalName ? ` (${file.originalName})` : ''}
      </a>
    </div>
  );
}

/**
 * The detail table of every officer screen (spec 3 §2 "Detail screens"): a title column and a
 * description column with the status, every application field, the attached files as links that
 * open in a new tab, the applicant photo at 150x160 and the geo location; then the history.
 */
export function ApplicationTable({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { locale } = useLocale();
  const { me } = useMe();
  // The server sends the documents only to the roles that review them (docs/decisions/017-permissions.md).
  const documents = !!me?.role && can(me.role, 'applications.readDocuments');
  const fields = detail.fields;
  const filled = (name: string) => fieldValue(name, fields[name], locale) !== '';
  const bySlot = new Map(detail.files.map((f) => [f.slot, f]));
  const others = otherFieldNames(fields).filter(filled);
  const seenMark = (who: 'chairman' | 'uno' | 'badc') =>
    `${t(`decisions.seenBy.${who}` as MessageKey)}: ${detail.seen[who] ? '✓ ' + t('decisions.seenMark.yes') : '✗ ' + t('decisions.seenMark.no')}`;

  return (
    <>
      <div className="mt-4 overflow-hidden rounded border border-gray-200 bg-white shadow-sm">
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="px-2 py-2 text-left text-lg font-bold text-brand-900">
            {t('decisions.table.caption')}
          </caption>
          {/* table-fixed takes the widths from here: the description column gets room for the 150 px photo. */}
          <colgroup>
            <col className="w-[38%] sm:w-1/3" />
            <col />
          </colgroup>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('decisions.table.colTitle')}</th>
              <th scope="col">{t('decisions.table.colDesc')}</th>
            </tr>
          </thead>
          <tbody>
            <SectionRow title={t('decisions.section.status')} />
            <Row title={t('decisions.field.applicationNumber')}>{localDigits(detail.applicationNumber, locale)}</Row>
            <Row title={t('decisions.field.kind')}>
              {(() => {
                const key = `decisions.kind.${detail.kind}` as MessageKey;
                const text = t(key);
                return text === key ? detail.kind : text;
              })()}
            </Row>
            <Row title={t('decisions.field.submittedAt')}>{localDateTime(detail.submittedAt, locale)}</Row>
            <Row title={t('decisions.field.stage')}>{t(stageLabelKey(detail.stage))}</Row>
            <Row title={t('decisions.field.seen')}>
              <ul>
                <li>{seenMark('chairman')}</li>
                <li>{seenMark('uno')}</li>
                <li>{seenMark('badc')}</li>
              </ul>
            </Row>
            {detail.intakeStatus === 'receiving' && (
              <Row title={t('decisions.field.intake')}>
                <span className="text-amber-800">{t('decisions.intake.receiving')}</span>
              </Row>
            )}
            <Row title={t('decisions.field.recheck')}>
              {detail.recheck.requested
                ? t('decisions.recheck.requested', { message: detail.recheck.message ?? '' })
                : t('decisions.recheck.none')}
            </Row>

            <OnLicenceRows detail={detail} />

            {FIELD_GROUPS.map((group) => {
              const names = group.fields.filter(filled);
              if (names.length === 0) return null;
              return [
                <SectionRow key={group.titleKey} title={t(group.titleKey)} />,
                ...names.map((name) => (
                  <Row key={name} title={fieldLabel(name, locale)}>
                    <span className="whitespace-pre-wrap">{fieldValue(name, fields[name], locale)}</span>
                  </Row>
                )),
              ];
            })}
            {others.length > 0 && <SectionRow title={t('decisions.section.other')} />}
            {others.map((name) => (
              <Row key={name} title={fieldLabel(name, locale)}>
                <span className="whitespace-pre-wrap">{fieldValue(name, fields[name], locale)}</span>
              </Row>
            ))}

            <SectionRow title={t('decisions.section.files')} />
            {documents ? (
              listedSlots(detail).map((slot) => (
                <Row key={slot} title={t(`decisions.file.${slot}` as MessageKey)}>
                  <FileCell slot={slot} file={bySlot.get(slot)} />
                </Row>
              ))
            ) : (
              <tr className="border-t border-gray-200">
                <td colSpan={2} className="px-2 py-2 text-gray-700">
                  {t('decisions.file.withheld')}
                </td>
              </tr>
            )}

            <SectionRow title={t('decisions.section.geo')} />
            <Row title={t('decisions.field.geo')}>
              <MapLink latitude={coordinate(fields.latitude)} longitude={coordinate(fields.longitude)} />
            </Row>
          </tbody>
        </table>
      </div>
      <AuditTrail audit={detail.audit} />
    </>
  );
}
