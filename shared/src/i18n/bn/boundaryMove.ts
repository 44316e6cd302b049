/**
 * Bangla texts of moving licences between offices when a new upazila is formed (issue 22
 * "Boundaries change", docs/decisions/057-offices.md). Keys are shared with ../en/boundaryMove.ts.
 */
export const boundaryMove = {
  'boundaryMove.tab': 'লাইসেন্স স্থানান্তর',
  'boundaryMove.title': 'নতুন উপজেলায় লাইসেন্স স্থানান্তর',
  'boundaryMove.intro':
    'নতুন উপজেলা গঠিত হলে পুরোনো অফিসের লাইসেন্স ও নলকূপ নতুন অফিসে সরিয়ে নিন। আবেদন, কাগজপত্র, মাঠ পরিদর্শন ও ইতিহাস সঙ্গে যাবে; লাইসেন্স নতুন অফিসের নম্বর পাবে, পুরোনো নম্বর ইতিহাসে থাকবে।',
  'boundaryMove.from': 'যে অফিস থেকে',
  'boundaryMove.to': 'যে অফিসে',
  'boundaryMove.chooseOffice': 'অফিস বেছে নিন',
  'boundaryMove.by': 'কোন লাইসেন্স সরাবেন',
  'boundaryMove.byUnions': 'ইউনিয়ন ধরে (ইউনিয়নের সব লাইসেন্স)',
  'boundaryMove.byNumbers': 'লাইসেন্স নম্বর ধরে',
  'boundaryMove.unions': 'ইউনিয়ন',
  'boundaryMove.unionLicences': '{name} ({count}টি লাইসেন্স)',
  'boundaryMove.noUnions': 'এই অফিসে কোনো লাইসেন্স নেই।',
  'boundaryMove.numbers': 'লাইসেন্স নম্বর (কমা বা ফাঁকা দিয়ে আলাদা করুন)',
  'boundaryMove.preview': 'কী সরবে দেখুন',
  'boundaryMove.previewTitle': 'যা সরবে',
  'boundaryMove.counts':
    '{licences}টি লাইসেন্স, {applications}টি আবেদন, {files}টি কাগজ, {visits}টি মাঠ পরিদর্শন ({photos}টি ছবি)',
  'boundaryMove.licenceRow': 'লাইসেন্স নং {number}: {holder}, {village}, {union}',
  'boundaryMove.move': 'স্থানান্তর করুন',
  'boundaryMove.confirmTitle': 'লাইসেন্স স্থানান্তর নিশ্চিত করুন',
  'boundaryMove.confirmBody':
    '{from} থেকে {count}টি লাইসেন্স {to} অফিসে যাবে। পুরোনো অফিস আর এগুলো দেখবে না। এটি ফেরানো যায় না, তবে দরকার হলে আবার উল্টো দিকে সরানো যায়।',
  'boundaryMove.cancel': 'বাতিল',
  'boundaryMove.moving': 'সরানো হচ্ছে…',
  'boundaryMove.doneTitle': 'স্থানান্তর সম্পন্ন',
  'boundaryMove.done': '{count}টি লাইসেন্স {to} অফিসে সরানো হয়েছে।',
  'boundaryMove.doneRow': 'পুরোনো নং {from} → নতুন নং {to}',
  'boundaryMove.loadFailed': 'তথ্য আনা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  'boundaryMove.v.sameOffice': 'একই অফিসে সরানো যায় না; অন্য অফিস বেছে নিন।',
  'boundaryMove.v.chooseWhat': 'ইউনিয়ন অথবা লাইসেন্স নম্বর, যেকোনো একটি দিন।',
  'boundaryMove.v.numbers': 'অন্তত একটি সঠিক লাইসেন্স নম্বর দিন।',
  'boundaryMove.v.tooMany': 'একবারে সর্বোচ্চ ৫০০০টি লাইসেন্স সরানো যায়।',
  'boundaryMove.v.unions': 'অন্তত একটি ইউনিয়ন বেছে নিন।',
  'boundaryMove.v.officeNotOpen': 'এই অফিসটি খোলা নেই বা পাওয়া যায়নি।',
  'boundaryMove.v.notFound': 'এই নম্বরের লাইসেন্স এই অফিসে নেই: {numbers}',
  'boundaryMove.v.noneInUnions': 'এই ইউনিয়নগুলোতে এই অফিসের কোনো লাইসেন্স নেই।',
  'boundaryMove.v.keyUsed': 'এই অনুরোধটি আগে অন্য স্থানান্তরের জন্য পাঠানো হয়েছিল। পাতাটি নতুন করে খুলে আবার চেষ্টা করুন।',
} as const satisfies Record<string, string>;
