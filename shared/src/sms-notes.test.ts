import { describe, expect, it } from 'vitest';
import { translate } from './i18n/index';
import { readSmsNote, SMS_NOTE, smsAnsweredNote, smsUnreachableNote } from './sms-notes';

/** The Admin's SMS page reads the portal's own notes in Bangla, and a gateway's words as they came. */
describe('readSmsNote', () => {
  it('gives each note the portal writes a message in both catalogues', () => {
    const notes = [
      SMS_NOTE.logDriver,
      SMS_NOTE.notConfigured,
      SMS_NOTE.badNumber,
      smsAnsweredNote(503, 'Error: service unavailable'),
      smsUnreachableNote('TypeError: fetch failed'),
    ];
    for (const text of notes) {
      const note = readSmsNote(text);
      expect(note, text).not.toBeNull();
      for (const locale of ['bn', 'en'] as const)
        expect(translate(locale, note!.key, note!.params)).not.toBe(note!.key);
    }
    expect(translate('bn', 'services.sms.note.answered', readSmsNote(notes[3]!)!.params)).toBe(
      'গেটওয়ে বার্তাটি নেয়নি (503): Error: service unavailable',
    );
  });

  it("leaves a gateway's own reply as it came", () => {
    expect(readSmsNote('Ok: 1 message queued')).toBeNull();
  });
});
