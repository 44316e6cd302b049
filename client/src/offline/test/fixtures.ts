import { newApplicationFieldsSchema, type NewApplicationFields } from '@portal/shared';

/** A valid new-licence form, as the form hands it to enqueueApplication. */
export const sampleFields = (name = 'রহিম উদ্দিন'): NewApplicationFields =>
  newApplicationFieldsSchema.parse({
    applicantName: name,
    fatherName: 'করিম উদ্দিন',
    mobile: '01712345678',
    upazila: 'সদর',
    village: 'চরপাড়া',
    union: 'ইউনিয়ন-১',
    postOffice: 'চরপাড়া',
    mouza: 'চরপাড়া',
    jlNumber: '12',
    khotian: '345',
    dagNumber: '678',
    wellClass: 'shallow',
    wellSize: '0.5',
    pumpType: 'electric',
    advanceFee: '500',
    agreed: true,
  });

/** A picked file: a Blob with a name, like File. */
export const file = (bytes: number[], type = 'image/jpeg', name = 'photo.jpg') =>
  Object.assign(new Blob([new Uint8Array(bytes)], { type }), { name });
