/** Bangla messages of the field pack: preparing applications for a day with no signal (docs/decisions/031-field-pack.md). Keys are shared with ../en/fieldPack.ts. */
export const fieldPack = {
  'fieldPack.menu': 'মাঠের জন্য রাখা আবেদন',

  // Selecting on BADC's lists.
  'fieldPack.select.start': 'মাঠের জন্য বাছাই করুন',
  'fieldPack.select.cancel': 'বাছাই বন্ধ করুন',
  'fieldPack.select.all': 'এই তালিকার সবগুলো বাছুন',
  'fieldPack.select.mine': 'আমার অদেখা ও প্রক্রিয়াধীন তালিকার সব বাছুন',
  'fieldPack.select.count': '{count}টি আবেদন বাছাই করা হয়েছে',
  'fieldPack.select.row': 'আবেদন নং {number} বাছুন',
  'fieldPack.select.allFailed': 'তালিকার সব আবেদন আনা যায়নি: {message}',
  'fieldPack.col.select': 'বাছাই',
  'fieldPack.col.offline': 'অফলাইনে',
  'fieldPack.badge.ready': '✓ অফলাইনে খোলা যাবে',
  'fieldPack.badge.preparing': 'অর্ধেক নামানো',
  'fieldPack.prepare': 'মাঠের জন্য প্রস্তুত করুন',

  // The dialog: the size before it starts, then the progress.
  'fieldPack.dialog.title': 'মাঠের জন্য ফোনে রাখা',
  'fieldPack.dialog.estimating': 'আবেদনগুলোর তথ্য এনে কত জায়গা লাগবে হিসাব করা হচ্ছে…',
  'fieldPack.dialog.count': '{count}টি আবেদন: বিস্তারিত, কাগজপত্র, ছবি ও নলকূপের চারপাশের ম্যাপ ফোনে রাখা হবে।',
  'fieldPack.dialog.documents': 'কাগজপত্র ও ছবি: প্রায় {size}',
  'fieldPack.dialog.tiles': 'ম্যাপ: প্রায় {count}টি টাইল, প্রায় {size} (জুম {from}–{to}, নলকূপের চারপাশে ১ কিলোমিটার)',
  'fieldPack.dialog.total': 'মোট প্রায় {size}; সীমা {cap}',
  'fieldPack.dialog.noTiles':
    'অফলাইন ম্যাপের কোনো উৎস নেই, তাই ম্যাপ নামানো হবে না। সংযোগ ছাড়া ম্যাপে শুধু আগে দেখা অংশটুকুই দেখা যাবে।',
  'fieldPack.dialog.cut': 'সীমার মধ্যে রাখতে ম্যাপ জুম {zoom} পর্যন্ত রাখা হবে; এর চেয়ে কাছের জুম বাদ যাবে।',
  'fieldPack.dialog.dropped': 'ম্যাপসহ সবকিছু সীমার মধ্যে আঁটছে না, তাই ম্যাপ নামানো হবে না; শুধু আবেদন ও কাগজপত্র রাখা হবে।',
  'fieldPack.dialog.refused': 'শুধু কাগজপত্রই প্রায় {size}, যা সীমা {cap} এর বেশি। কম আবেদন বেছে আবার চেষ্টা করুন।',
  'fieldPack.dialog.noPosition': '{count}টি আবেদনে নলকূপের অবস্থান দেওয়া নেই, সেগুলোর ম্যাপ রাখা যাবে না।',
  'fieldPack.dialog.start': 'নামানো শুরু করুন',
  'fieldPack.dialog.close': 'বন্ধ করুন',
  'fieldPack.dialog.progressLabel': 'মাঠের জন্য নামানোর অগ্রগতি',
  'fieldPack.dialog.progress': '{done} / {total} অংশ নামানো হয়েছে ({size})',
  'fieldPack.dialog.done': '{count}টি আবেদন এখন সংযোগ ছাড়াই খোলা যাবে।',
  'fieldPack.dialog.capReached': 'জায়গার সীমায় পৌঁছে যাওয়ায় ম্যাপের কিছু অংশ বাদ পড়েছে।',
  'fieldPack.dialog.failed':
    'নামানো মাঝপথে থেমে গেছে। যা নামানো হয়েছে তা ফোনে আছে; সংযোগ পেলে "মাঠের জন্য রাখা আবেদন" পাতা থেকে বাকিটা নামান।',
  'fieldPack.dialog.fetchFailed': 'আবেদনের তথ্য আনা যায়নি: {message}',
  'fieldPack.persist.granted': 'ফোন এই তথ্য স্থায়ীভাবে রাখবে; জায়গা কমলেও ব্রাউজার নিজে থেকে মুছবে না।',
  'fieldPack.persist.denied':
    'ব্রাউজার স্থায়ী জায়গা দেয়নি: ফোনে জায়গা খুব কমে গেলে রাখা তথ্য মুছে যেতে পারে। কাজ শেষে মুছে জায়গা খালি রাখুন।',
  'fieldPack.persist.unknown': 'এই ব্রাউজার স্থায়ী জায়গার কথা জানায় না।',
  'fieldPack.storage.estimate': 'এই পোর্টাল ফোনে জায়গা নিচ্ছে {usage}; ব্রাউজার দিতে পারে প্রায় {quota}।',

  // The packs screen.
  'fieldPack.page.title': 'মাঠের জন্য রাখা আবেদন',
  'fieldPack.page.prepareMine': 'আমার অদেখা ও প্রক্রিয়াধীন তালিকার সব আবেদন প্রস্তুত করুন',
  'fieldPack.page.gathering': 'তালিকা আনা হচ্ছে…',
  'fieldPack.page.nothingToPrepare': 'আপনার অদেখা ও প্রক্রিয়াধীন তালিকায় কোনো আবেদন নেই।',
  'fieldPack.page.intro':
    'এই আবেদনগুলো এই ফোনে রাখা আছে: সংযোগ ছাড়াও বিস্তারিত, কাগজপত্র ও ম্যাপ খোলা যাবে। মাঠের কাজ শেষ হলে মুছে দিয়ে জায়গা খালি করুন।',
  'fieldPack.page.empty': 'এখনো কোনো আবেদন রাখা হয়নি। BADC-এর তালিকা থেকে আবেদন বেছে "মাঠের জন্য প্রস্তুত করুন" চাপুন।',
  'fieldPack.page.total': '{count}টি আবেদন, মোট {size}',
  'fieldPack.page.row': 'আবেদন নং {number}',
  'fieldPack.page.preparedAt': 'রাখা হয়েছে {when}',
  'fieldPack.page.contents': '{documents}টি কাগজ, {tiles}টি ম্যাপ টাইল, {size}',
  'fieldPack.page.open': 'খুলুন',
  'fieldPack.page.release': 'ফোন থেকে মুছুন',
  'fieldPack.page.releaseConfirm': 'আবেদন নং {number} এই ফোন থেকে মুছবেন?',
  'fieldPack.page.releaseBody':
    'এর কাগজপত্র ও ম্যাপ ফোন থেকে মুছে যাবে, সংযোগ ছাড়া আর খোলা যাবে না। সার্ভারে আবেদনটি যেমন আছে তেমনই থাকবে।',
  'fieldPack.page.released': 'আবেদন নং {number} ফোন থেকে মুছে ফেলা হয়েছে।',
  'fieldPack.page.incomplete': 'পুরোটা নামানো হয়নি',
  'fieldPack.page.resume': 'বাকিটা নামান',
  'fieldPack.page.resumeDone': 'বাকিটা নামানো হয়েছে।',
} as const;
