/**
 * Bangla messages: sms. Keys are prefixed 'sms.' and shared with ../en/sms.ts, which must have the same keys.
 * Text messages go out in Bangla (spec README "Keep"); each ends with the site it comes from
 * (spec 3 §7). Bangla is sent as UCS-2: 70 characters fit one part, 134 fit two, so keep them short.
 */
export const sms = {
  'sms.from': '{site} থেকে',
  'sms.applicationReceived': 'আপনার আবেদন সফলভাবে সম্পন্ন হয়েছে। আবেদন নম্বর: {applicationNumber}',
  'sms.renewalFiled':
    'লাইসেন্স নং {licenceNumber} নবায়নের একটি আবেদন (নং {applicationNumber}) জমা হয়েছে। আপনি না করে থাকলে উপজেলা সেচ অফিসে জানান।',
  'sms.renewalReceived': 'লাইসেন্স নং {licenceNumber} নবায়নের আবেদন গৃহীত হয়েছে। আবেদন নম্বর: {applicationNumber}',
  'sms.otp': 'আপনার যাচাই কোড {code}। ১০ মিনিট কার্যকর। কাউকে জানাবেন না।',
  'sms.recheck': 'আবেদন নং {applicationNumber} সংশোধন প্রয়োজন: {message}',
  'sms.licenceMoved':
    'নতুন উপজেলা গঠনের পর আপনার নলকূপের লাইসেন্স এখন {office} অফিসের: নতুন লাইসেন্স নং {licenceNumber}, আবেদন নং {applicationNumber}।',
  'sms.approved': 'আপনার {kindLabel} আবেদন (নং {applicationNumber}) অনুমোদিত হয়েছে।',
  'sms.declined': 'আপনার আবেদন (নং {applicationNumber}) অনুমোদিত হয়নি। কারণ: {reason}',
  'sms.suspended': 'আপনার নলকূপ লাইসেন্স বাতিল করা হয়েছে। {note}',
  'sms.licenceExpiry': 'আপনার নলকূপ লাইসেন্স নং {licenceNumber} এর মেয়াদ {validTo} তারিখে শেষ হবে। নবায়নের আবেদন করুন।',
  'sms.kind.New': 'নতুন লাইসেন্সের',
  'sms.kind.Existing': 'বিদ্যমান নলকূপের',
  'sms.kind.Renew': 'নবায়নের',
  'sms.kind.NameChange': 'নাম পরিবর্তনের',
  'sms.kind.PlotChange': 'দাগ নম্বর পরিবর্তনের',
  'sms.kind.Old': 'লাইসেন্সের',
} as const satisfies Record<string, string>;
