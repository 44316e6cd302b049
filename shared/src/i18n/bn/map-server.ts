/**
 * Bangla messages of the live map's and the siting check's API (docs/decisions/028-map-and-siting.md).
 * Keys are shared with ../en/map-server.ts; the map screens' own texts are in map.ts.
 */
export const mapServer = {
  'map.v.bbox':
    'মানচিত্রের এলাকাটি বোঝা যায়নি (পশ্চিম, দক্ষিণ, পূর্ব, উত্তর — এই চারটি সংখ্যা লাগে)। মানচিত্র একটু সরিয়ে আবার চেষ্টা করুন।',
  'map.v.states': 'নলকূপের অবস্থার তালিকায় অজানা একটি অবস্থা আছে। ফিল্টার আবার বেছে নিন।',
  'map.v.kinds': 'আবেদনের ধরনের তালিকায় অজানা একটি ধরন আছে। ফিল্টার আবার বেছে নিন।',
  'map.v.union': 'ইউনিয়নের নামটি ঠিক নেই: ১০০ অক্ষরের মধ্যে শুধু নামটি লিখুন।',
  'map.v.zoom': 'মানচিত্রের জুম বোঝা যায়নি (০ থেকে ২২-এর মধ্যে একটি পূর্ণসংখ্যা লাগে)। পাতাটি আবার খুলুন।',
};
