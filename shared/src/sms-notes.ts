/**
 * What the portal itself writes as a text message's gateway reply or error, as opposed to a
 * gateway's own words: the server writes these (server/src/modules/sms), and the Admin's SMS page reads
 * them back as catalogue messages in the reader's language instead of showing the code's English
 * (issue 21). A gateway's own reply is shown as it came.
 */
export const SMS_NOTE = {
  logDriver: 'Ok (log driver: printed, not sent)',
  notConfigured: 'SMS gateway URL or token is not set (SMS_GATEWAY_URL/SMS_GATEWAY_TOKEN or site settings)',
  badNumber: 'not a Bangladeshi mobile number',
} as const;

export const smsAnsweredNote = (status: number, reply: string) => `gateway answered ${status}: ${reply || '(empty)'}`;
export const smsUnreachableNote = (why: string) => `gateway unreachable (${why})`;

export type SmsNoteKey =
  | 'services.sms.note.logDriver'
  | 'services.sms.note.notConfigured'
  | 'services.sms.note.badNumber'
  | 'services.sms.note.answered'
  | 'services.sms.note.unreachable';

/** The message a note of the portal's own reads as, or null for a gateway's own words. */
export function readSmsNote(text: string): { key: SmsNoteKey; params?: Record<string, string> } | null {
  if (text === SMS_NOTE.logDriver) return { key: 'services.sms.note.logDriver' };
  if (text === SMS_NOTE.notConfigured) return { key: 'services.sms.note.notConfigured' };
  if (text === SMS_NOTE.badNumber) return { key: 'services.sms.note.badNumber' };
  const answered = /^gateway answered (\d{3}): ([\s\S]*)$/.exec(text);
  if (answered) return { key: 'services.sms.note.answered', params: { status: answered[1]!, reply: answered[2]! } };
  const unreachable = /^gateway unreachable \(([\s\S]*)\)$/.exec(text);
  if (unreachable) return { key: 'services.sms.note.unreachable', params: { why: unreachable[1]! } };
  return null;
}
