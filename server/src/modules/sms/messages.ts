import { toBanglaDigits, translate, type MessageKey, type StoredKind } from '@portal/shared';

/**
 * The Bangla text messages (spec 1 §7, spec 3 §7), from the catalogue in shared/src/i18n/bn/sms.ts.
 * Each ends with a line naming the site it comes from ("… থেকে"). Bangla goes out as UCS-2
 * (70 characters a part, 67 in a multi-part message), so the fixed texts stay within two parts and
 * officer-typed text (recheck message, reason, suspend note) is cut to keep the whole within four;
 * the applicant reads the full text on the status page.
 */
const MAX_FREE_TEXT = 150;

function bn(key: MessageKey, params: Record<string, string | number>): string {
  return translate('bn', key, params);
}

/** "https://portal.example.gov.bd/" → "portal.example.gov.bd": phones still make it a link, in fewer characters. */
export function siteLabel(webUrl: string): string {
  return webUrl
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
}

function withFrom(text: string, site: string): string {
  const label = siteLabel(site);
  return label ? `${text}\n${bn('sms.from', { site: label })}` : text;
}

function cut(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > MAX_FREE_TEXT ? `${clean.slice(0, MAX_FREE_TEXT - 1)}…` : clean;
}

const number = (n: number | string) => toBanglaDigits(n);

/** The application kind as the approval text names it ("নতুন লাইসেন্সের আবেদন …"). */
export function smsKindLabel(kind: StoredKind): string {
  return bn(`sms.kind.${kind}` as MessageKey, {});
}

interface RenewalText {
  applicationNumber: number | string;
  licenceNumber: number | string;
  webUrl: string;
}

/** A text about a renewal: the licence and the renewal's number, then the site it comes from. */
function renewalText(key: 'sms.renewalReceived' | 'sms.renewalFiled', p: RenewalText): string {
  return withFrom(
    bn(key, { applicationNumber: number(p.applicationNumber), licenceNumber: number(p.licenceNumber) }),
    p.webUrl,
  );
}

export const smsText = {
  /** After a submission completes (spec 1 §7): success, the number, the site address. */
  applicationReceived(p: { applicationNumber: number | string; webUrl: string }): string {
    return withFrom(bn('sms.applicationReceived', { applicationNumber: number(p.applicationNumber) }), p.webUrl);
  },
  /** After a renewal completes (spec 1 §7, switched by sms_renew_application_submit): the licence and the number. */
  renewalReceived(p: RenewalText): string {
    return renewalText('sms.renewalReceived', p);
  },
  /**
   * The holder is told of every renewal filed on the licence, also when the office has turned the
   * "received" text off: renewal needs no code, so this text is how a holder learns of one filed
   * by someone else (docs/decisions/050-renewal-without-a-code.md).
   */
  renewalFiled(p: RenewalText): string {
    return renewalText('sms.renewalFiled', p);
  },
  /** The one-time code; in Latin digits so that phones can offer to fill it in. */
  otp(p: { code: string; siteName: string }): string {
    return withFrom(bn('sms.otp', { code: p.code }), p.siteName);
  },
  recheck(p: { applicationNumber: number | string; message: string; webUrl: string }): string {
    return withFrom(
      bn('sms.recheck', { applicationNumber: number(p.applicationNumber), message: cut(p.message) }),
      p.webUrl,
    );
  },
  approved(p: { applicationNumber: number | string; kindLabel: string; webUrl: string }): string {
    return withFrom(
      bn('sms.approved', { applicationNumber: number(p.applicationNumber), kindLabel: p.kindLabel }),
      p.webUrl,
    );
  },
  declined(p: { applicationNumber: number | string; reason: string; webUrl: string }): string {
    return withFrom(
      bn('sms.declined', { applicationNumber: number(p.applicationNumber), reason: cut(p.reason) }),
      p.webUrl,
    );
  },
  /**
   * A licence moved to a new upazila's office (docs/decisions/057-offices.md, boundaries change):
   * the holder learns the new office and numbers, which the status pages and the check now need.
   */
  licenceMoved(p: { office: string; licenceNumber: number; applicationNumber: number; site: string }): string {
    return withFrom(
      bn('sms.licenceMoved', {
        office: p.office,
        licenceNumber: number(p.licenceNumber),
        applicationNumber: number(p.applicationNumber),
      }),
      p.site,
    );
  },
  /** Spec 3 §7: the suspension text is the suspend note. */
  suspended(p: { note: string; webUrl: string }): string {
    return withFrom(bn('sms.suspended', { note: cut(p.note) }).trim(), p.webUrl);
  },
};
