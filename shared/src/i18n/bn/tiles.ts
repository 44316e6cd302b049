/**
 * Bangla texts of the map tile archive and its setting (docs/decisions/033-tile-archive.md).
 * Keys are shared with ../en/tiles.ts.
 */
export const tiles = {
  'tiles.badAddress': 'টাইলের ঠিকানা ঠিক নেই: /tiles/{z}/{x}/{y}.png, যেখানে z ২৬-এর বেশি নয় এবং x ও y ২^z-এর কম।',
  'tiles.notFound': 'এই টাইলটি মানচিত্রের ফাইলে নেই।',
  'tiles.unreadable': 'মানচিত্রের ফাইলটি এখন পড়া যাচ্ছে না।',
  'tiles.settings.packable': 'এই টাইল সার্ভার অফলাইনে দেখার জন্য আগে থেকে টাইল নামিয়ে রাখতে দেয়',
  'tiles.settings.packableHint':
    'সার্ভারের মালিক অনুমতি দিলে তবেই টিক দিন। OpenStreetMap-এর সাধারণ সার্ভার এই অনুমতি দেয় না।',
};
