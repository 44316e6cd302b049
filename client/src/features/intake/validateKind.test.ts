import { describe, expect, it } from 'vitest';
import { emptyValues, visibleIdentityGroups, type FormValues } from '../application/formValues';
import { validateKind, type PickedFiles } from './validateKind';

const filled = (over: Partial<FormValues> = {}): FormValues => ({
  ...emptyValues(),
  applicantName: 'রহিম উদ্দিন',
  fatherName: 'করিম উদ্দিন',
  mobile: '০১৭১২-৩৪৫৬৭৮',
  upazila: 'সাভার',
  village: 'চরপাড়া',
  union: 'আশুলিয়া',
  postOffice: 'জিরাবো',
  mouza: 'চরপাড়া',
  jlNumber: '১২',
  khotian: '৩৪৫',
  dagNumber: '৬৭৮',
  wellClass: 'shallow',
  wellSize: '1.0',
  pumpType: 'solar',
  advanceFee: '৫০০',
  agreed: true,
  ...over,
});

const pick = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const allFiles = (): PickedFiles => ({
  photo: pick('me.jpg', 'image/jpeg'),
  signature: pick('sign.PNG', ''),
  nid: pick('nid.pdf', 'application/pdf'),
  landRecord: pick('deed.webp', 'image/webp'),
  landTaxReceipt: pick('tax.jpeg', 'image/jpeg'),
  mouzaMap: pick('map.pdf', 'application/pdf'),
});

describe('the new-licence form on the phone', () => {
  it('accepts a complete form typed with Bangla digits, and sends Latin digits', () => {
    const { fields, errors } = validateKind('New', filled(), allFiles());
    expect(errors).toEqual({});
    expect(fields).toMatchObject({
      mobile: '01712345678',
      jlNumber: '12',
      advanceFee: '500',
      applicantName: 'রহিম উদ্দিন',
    });
  });

  it('names every missing required field and document, and the identity rule, at once', () => {
    const { fields, errors } = validateKind('New', emptyValues(), {});
    expect(fields).toBeNull();
    for (const f of [
      'fatherName',
      'mobile',
      'upazila',
      'village',
      'union',
      'postOffice',
      'mouza',
      'jlNumber',
      'khotian',
      'dagNumber',
      'advanceFee',
    ]) {
      expect(errors[f], f).toEqual({ key: 'v.required' });
    }
    expect(errors.wellClass).toEqual({ key: 'v.choose' });
    expect(errors.pumpType).toEqual({ key: 'v.choose' });
    expect(errors.agreed).toEqual({ key: 'v.agree' });
    expect(errors.applicantName).toEqual({ key: 'v.identity' });
    expect(Object.keys(errors).filter((k) => k.startsWith('file:'))).toHaveLength(6);
  });

  it('keeps the NID number and the NID copy apart', () => {
    const files = allFiles();
    delete files.nid;
    const { errors } = validateKind('New', filled({ nid: '123' }), files);
    expect(errors.nid).toEqual({ key: 'v.nid' });
    expect(errors['file:nid']).toEqual({ key: 'v.fileMissing' });
  });

  it('refuses a half-filled cooperative', () => {
    const { errors } = validateKind('New', filled({ applicantName: '', registrationNumber: '৪৪' }), allFiles());
    expect(errors.applicantName).toEqual({ key: 'v.identity' });
  });

  it('states the real size limit and the file type rules per slot', () => {
    const files = allFiles();
    files.photo = pick('scan.pdf', 'application/pdf');
    files.nid = pick('nid.jpg', 'image/jpeg', 1_500_001);
    files.mouzaMap = pick('notes.txt', 'text/plain');
    const { errors } = validateKind('New', filled(), files);
    expect(errors['file:photo']).toEqual({ key: 'v.fileImage' });
    expect(errors['file:nid']).toEqual({ key: 'v.fileTooLarge' });
    expect(errors['file:mouzaMap']).toEqual({ key: 'v.fileType' });
    expect(errors['file:landRecord']).toBeUndefined();
  });

  it('checks the typed location against Bangladesh and wants both halves', () => {
    expect(validateKind('New', filled({ latitude: '৫১.৫', longitude: '৯০.৪' }), allFiles()).errors.latitude).toEqual({
      key: 'v.latitude',
    });
    expect(validateKind('New', filled({ latitude: '২৩.৮' }), allFiles()).errors.longitude).toEqual({
      key: 'v.required',
    });
    expect(validateKind('New', filled({ latitude: '২৩.৮', longitude: '৯০.৪' }), allFiles()).fields).toMatchObject({
      latitude: 23.8,
      longitude: 90.4,
    });
  });
});

describe('identity alternatives (spec 1 §2)', () => {
  it('hides the other groups while one is typed in, and shows them again when it is cleared', () => {
    expect(visibleIdentityGroups(emptyValues())).toEqual({ individual: true, cooperative: true, group: true });
    expect(visibleIdentityGroups({ ...emptyValues(), applicantName: 'ক' })).toEqual({
      individual: true,
      cooperative: false,
      group: false,
    });
    expect(visibleIdentityGroups({ ...emptyValues(), instituteName: 'সমিতি' })).toEqual({
      individual: false,
      cooperative: true,
      group: false,
    });
    expect(visibleIdentityGroups({ ...emptyValues(), representativeName: 'প্রতিনিধি' })).toEqual({
      individual: false,
      cooperative: false,
      group: true,
    });
    expect(visibleIdentityGroups({ ...emptyValues(), applicantName: '  ' })).toEqual({
      individual: true,
      cooperative: true,
      group: true,
    });
  });
});
