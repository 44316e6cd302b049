/**
 * Bangla texts of the national address, the list of offices (docs/decisions/057-offices.md).
 * Keys are shared with ../en/offices.ts.
 */
export const offices = {
  'offices.service': 'সেচ নলকূপ লাইসেন্স সেবা',
  'offices.title': 'উপজেলা অফিস বেছে নিন',
  'offices.intro': 'আবেদন করতে, আবেদনের অবস্থা দেখতে বা লাইসেন্স প্রিন্ট করতে আপনার উপজেলা অফিস বেছে নিন।',
  'offices.licenceCheck': 'যে উপজেলা অফিস লাইসেন্সটি দিয়েছে সেটি বেছে নিন; লাইসেন্সটি সেখানে যাচাই হবে।',
  'offices.search': 'উপজেলা বা জেলার নাম',
  'offices.district': 'জেলা',
  'offices.allDistricts': 'সব জেলা',
  'offices.find': 'খুঁজুন',
  'offices.count': '{count}টি অফিস',
  'offices.none': 'এই নামে কোনো অফিস পাওয়া যায়নি। বানান দেখে আবার খুঁজুন।',
  'offices.noAddress': 'ওয়েব ঠিকানা এখনো দেওয়া হয়নি',
  'offices.otherArea': 'অন্যান্য',
  'offices.otherLanguage': 'English',
};
