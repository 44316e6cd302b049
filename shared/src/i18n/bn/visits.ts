/** Bangla messages: the inspector's field visit (docs/decisions/030-field-visits.md). Keys are shared with ../en/visits.ts. */
export const visits = {
  'visits.v.id': 'পরিদর্শনের শনাক্তকরণ নম্বরটি সঠিক নয়।',
  'visits.v.time': 'তারিখ ও সময় সঠিকভাবে লেখা নেই।',
  'visits.v.future': 'এই সময় এখনো আসেনি। ফোনের তারিখ ও সময় ঠিক আছে কিনা দেখে নিন, তারপর আবার পাঠান।',
  'visits.v.tooOld': '{days} দিনের বেশি পুরোনো পরিদর্শন পাঠানো যায় না। ফোনের তারিখ ও সময় ঠিক আছে কিনা দেখে নিন।',
  'visits.v.position': 'অবস্থানের অক্ষাংশ বা দ্রাঘিমাংশ সঠিক নয়।',
  'visits.v.outsideBangladesh':
    'এই অবস্থানটি বাংলাদেশের বাইরে পড়েছে। ফোনের জিপিএস চালু করে নলকূপের কাছে দাঁড়িয়ে আবার অবস্থান নিন।',
  'visits.v.accuracy': 'অবস্থানের নির্ভুলতা (মিটারে) সঠিক নয়।',
  'visits.v.photoIndex': 'ছবির ক্রমিক নম্বর সঠিক নয়।',
  'visits.v.sha256': 'ছবির যাচাই-সংকেত (SHA-256) সঠিক নয়।',
  'visits.v.tooManyPhotos': 'একটি পরিদর্শনে সর্বোচ্চ ৬টি ছবি পাঠানো যায়। কয়েকটি ছবি বাদ দিন।',
  'visits.v.duplicatePhoto': 'একই ক্রমিকের ছবি একবারই দেওয়া যায়।',
  'visits.v.photoNotDeclared': 'এই পরিদর্শনের সঙ্গে এই ক্রমিকের কোনো ছবি পাঠানোর কথা ছিল না।',
  'problem.FILE_HASH_MISMATCH':
    'ছবিটি পথে নষ্ট হয়ে গেছে: যে ছবি পাঠানোর কথা ছিল, পৌঁছানো ছবির সঙ্গে তা মেলেনি। ছবিটি আবার পাঠান।',
  'decisions.history.fieldVisit': 'মাঠ পরিদর্শন',
  'visits.audit.note': 'মাঠ পরিদর্শন করেছেন {officer}, {time}; {position}; {photos}টি ছবি',
  'visits.audit.position': 'অবস্থান {latitude}, {longitude} (± {accuracy} মিটার)',
  'visits.audit.noPosition': 'অবস্থান নেওয়া হয়নি',
} as const satisfies Record<string, string>;
