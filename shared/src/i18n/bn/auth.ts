/** Bangla messages: auth. Keys are shared with ../en/auth.ts, which must have the same keys. */
export const auth = {
  'auth.reset.mailSubject': 'পাসওয়ার্ড বদলের লিংক — {site}',
  'auth.reset.mailBody':
    'আপনার অ্যাকাউন্টের ({email}) পাসওয়ার্ড বদলের অনুরোধ পাওয়া গেছে।\n\nনতুন পাসওয়ার্ড দিতে এই লিংকটি খুলুন (এক ঘণ্টা কাজ করবে, একবারই ব্যবহার করা যাবে):\n{link}\n\nআপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন; আপনার পাসওয়ার্ড বদলাবে না।',
  'auth.currentPasswordWrong': 'বর্তমান পাসওয়ার্ডটি সঠিক নয়।',
  'auth.ownAdminRole': 'নিজের অ্যাডমিন দায়িত্ব নিজে সরানো যায় না। অন্য একজন অ্যাডমিনকে দিয়ে করান।',
  'auth.lastAdmin': 'অন্তত একজন অ্যাডমিন থাকতে হবে।',
  'auth.deleteSelf': 'নিজের অ্যাকাউন্ট নিজে মুছে ফেলা যায় না।',
  'auth.deleteHasRecords':
    'এই অ্যাকাউন্টের সঙ্গে কিছু রেকর্ড যুক্ত আছে, তাই মুছে ফেলা যাচ্ছে না। এর বদলে দায়িত্বটি সরিয়ে দিন; তাহলে এই অ্যাকাউন্ট দিয়ে কোনো পাতা খোলা যাবে না।',
  'auth.localityExists': 'এই নামটি তালিকায় আগে থেকেই আছে।',
  'auth.firstRun':
    'এখনও কোনো অ্যাডমিন অ্যাকাউন্ট নেই। প্রথম অ্যাডমিন তৈরি করতে সার্ভারে চালান: {command} — একবার দেখানো একটি অস্থায়ী পাসওয়ার্ড পাবেন, প্রথম লগইনের পর সেটি বদলাতে হবে।',
  'auth.createAdmin.created': 'অ্যাডমিন অ্যাকাউন্ট তৈরি হয়েছে: {email}',
  'auth.createAdmin.promoted': 'অ্যাকাউন্টটিকে অ্যাডমিন করা হয়েছে এবং নতুন অস্থায়ী পাসওয়ার্ড দেওয়া হয়েছে: {email}',
  'auth.createAdmin.password': 'অস্থায়ী পাসওয়ার্ড (শুধু এখন একবার দেখানো হচ্ছে; প্রথম লগইনের পর বদলাতে হবে): {password}',
  'auth.createAdmin.usage': 'ব্যবহার: npm run create-admin -- --email admin@example.gov.bd',
} as const satisfies Record<string, string>;
