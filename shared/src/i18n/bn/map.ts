/** Bangla messages: the location picker, the live map, the siting panel and the tile settings (docs/decisions/029-map-picker-and-live-map.md). Keys are shared with ../en/map.ts. */
export const map = {
  // The picker in every form that takes a location.
  'map.picker.label': 'নলকূপের অবস্থান বাছাইয়ের ম্যাপ',
  'map.picker.hint': 'ম্যাপে চাপ দিয়ে পিন বসান, পিন টেনে সরান, অথবা নিচে অক্ষাংশ ও দ্রাঘিমাংশ লিখুন।',
  'map.picker.useMyLocation': 'আমার বর্তমান অবস্থান নিন',
  'map.picker.locating': 'অবস্থান খোঁজা হচ্ছে…',
  'map.picker.accuracy': 'অবস্থান বসানো হয়েছে (নির্ভুলতা প্রায় {metres} মিটার)।',
  'map.picker.poorAccuracy':
    'সাবধান: নির্ভুলতা মাত্র প্রায় {metres} মিটার, ৩০ মিটারের চেয়ে খারাপ। খোলা আকাশের নিচে গিয়ে আবার চেষ্টা করুন, অথবা পিনটি ঠিক জায়গায় টেনে দিন।',
  'map.picker.outside': 'এই অবস্থানটি বাংলাদেশের বাইরে, তাই নেওয়া হয়নি। বাংলাদেশের ভেতরে নলকূপের জায়গাটি দিন।',
  'map.picker.current': 'বসানো অবস্থান: অক্ষাংশ {lat}, দ্রাঘিমাংশ {lng}',
  'map.picker.none': 'এখনো কোনো অবস্থান বসানো হয়নি।',
  'map.picker.pin': 'নলকূপের পিন',
  'map.loading': 'ম্যাপ আসছে…',
  'map.unavailable': 'ম্যাপ খোলা যায়নি (সংযোগ নেই)। অক্ষাংশ ও দ্রাঘিমাংশ লিখে অবস্থান দিন; ফর্ম এতে আটকাবে না।',

  // The live map (/admin-page/live-map).
  'map.menu.liveMap': 'লাইভ ম্যাপ',
  'map.live.title': 'নলকূপের লাইভ ম্যাপ',
  'map.live.intro': 'ম্যাপ সরালে বা ছোট-বড় করলে সেই এলাকার নলকূপ দেখানো হয়। কোনো নলকূপে চাপ দিলে তার তথ্য দেখবেন।',
  'map.live.legend': 'রং অনুযায়ী অবস্থা',
  'map.live.legendHint': 'যেগুলো দেখতে চান সেগুলোতে টিক দিন।',
  'map.live.kind': 'আবেদনের ধরন',
  'map.live.allKinds': 'সব ধরন',
  'map.live.union': 'ইউনিয়ন',
  'map.live.allUnions': 'সব ইউনিয়ন',
  'map.live.loading': 'নলকূপের তথ্য আনা হচ্ছে…',
  'map.live.failed': 'নলকূপের তথ্য আনা যায়নি। সংযোগ দেখে আবার চেষ্টা করুন।',
  'map.live.count': 'এই এলাকায় {count}টি নলকূপ',
  'map.live.truncated': 'এখানে অনেক নলকূপ, সবগুলো দেখানো যাচ্ছে না। সব দেখতে ম্যাপে আরও কাছে যান (জুম ইন করুন)।',
  'map.live.circles': 'আরও কাছে গেলে প্রতিটি নলকূপের কমান্ড এলাকা বৃত্ত হয়ে দেখা যাবে।',
  'map.live.cluster': '{count}টি নলকূপ; কাছে যেতে চাপুন',
  'map.live.application': 'আবেদন নং {number}',
  'map.live.licence': 'লাইসেন্স নং {number}',
  'map.live.open': 'আবেদনের বিস্তারিত দেখুন',
  'map.live.openLicence': 'লাইসেন্স দেখুন',
  'map.live.unavailable': 'ম্যাপ খোলা যায়নি (সংযোগ নেই)। সংযোগ ফিরলে পাতাটি আবার খুলুন।',
  'map.state.pending': 'বিবেচনাধীন',
  'map.state.approved': 'অনুমোদিত',
  'map.state.testing': 'পরীক্ষামূলক লাইসেন্স',
  'map.state.active': 'চালু লাইসেন্স',
  'map.state.expired': 'মেয়াদ শেষ',
  'map.state.suspended': 'স্থগিত',
  'map.state.declined': 'নামঞ্জুর',

  // The siting panel on the BADC checklist and the final view.
  'map.siting.title': 'কাছের লাইসেন্সপ্রাপ্ত নলকূপ',
  'map.siting.loading': 'কাছের নলকূপ খোঁজা হচ্ছে…',
  'map.siting.failed': 'কাছের নলকূপ যাচাই করা যায়নি (সংযোগ নেই বা সার্ভার সাড়া দেয়নি)। ফর্মটি তবুও পূরণ করে পাঠাতে পারবেন।',
  'map.siting.noPosition': 'এই আবেদনে নলকূপের অবস্থান দেওয়া নেই, তাই কাছের নলকূপ যাচাই করা যায়নি।',
  'map.siting.none': '{metres} মিটারের মধ্যে কোনো লাইসেন্সপ্রাপ্ত নলকূপ নেই।',
  'map.siting.inside':
    'সতর্কতা: এই নলকূপটি লাইসেন্স নং {licence} ({name})-এর কমান্ড এলাকার ভেতরে পড়েছে; দূরত্ব {distance} মিটার।',
  'map.siting.overlaps':
    'লক্ষ্য করুন: এই নলকূপের কমান্ড এলাকা লাইসেন্স নং {licence} ({name})-এর কমান্ড এলাকার সঙ্গে মিলে যায়; দূরত্ব {distance} মিটার।',
  'map.siting.row': 'লাইসেন্স নং {licence}, {name}',
  'map.siting.distance': '{distance} মিটার দূরে',
  'map.siting.insideTag': 'কমান্ড এলাকার ভেতরে',
  'map.siting.overlapsTag': 'কমান্ড এলাকা মিলে যায়',
  'map.siting.onMap': 'এই নলকূপগুলো ও তাদের কমান্ড এলাকা নিচের ম্যাপে দেখানো আছে।',

  // Tile settings (Admin's Base Setting).
  'map.settings.group': 'ম্যাপ',
  'map.settings.tileUrl': 'ম্যাপ টাইলের ঠিকানা',
  'map.settings.tileUrlHint': 'https:// দিয়ে শুরু, অথবা এই সাইটের / দিয়ে শুরু পথ; এতে {z}, {x} ও {y} থাকতে হবে।',
  'map.settings.tileAttribution': 'ম্যাপের উৎসের স্বীকৃতি (attribution)',
  'map.v.tileUrl': 'টাইলের ঠিকানা https:// অথবা এই সাইটের / দিয়ে শুরু হতে হবে এবং এতে {z}, {x} ও {y} থাকতে হবে।',
};
