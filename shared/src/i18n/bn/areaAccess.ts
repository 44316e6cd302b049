/**
 * Bangla texts of the area map and of the area viewers' roles on the national screen
 * (docs/decisions/057-offices.md, step 4). Keys are shared with ../en/areaAccess.ts.
 */
export const areaAccess = {
  'areaMap.tab': 'মানচিত্র',
  'areaMap.title': 'এলাকার নলকূপের মানচিত্র',
  'areaMap.intro':
    'আপনার এলাকার সব খোলা অফিসের নলকূপ; প্রতিটি নলকূপে তার অফিসের নাম লেখা আছে। শুধু দেখা যায়, কিছু বদলানো যায় না।',
  'areaMap.office': 'অফিস',
  'areaMap.allOffices': 'এলাকার সব অফিস',
  'areaMap.wellOffice': '{office} অফিস',
  'areaMap.noOffices': 'আপনার এলাকায় এখনো কোনো খোলা অফিস নেই।',
  'areaMap.failed': 'এলাকার অফিসগুলো আনা যায়নি। একটু পরে আবার চেষ্টা করুন।',
  'areaMap.v.office': 'অফিসটি সঠিক নয়।',

  'areaRoles.tab': 'পর্যবেক্ষক',
  'areaRoles.title': 'জেলা ও বিভাগের পর্যবেক্ষক',
  'areaRoles.intro':
    'জেলা বা বিভাগের পর্যবেক্ষক তাঁর এলাকার সব অফিসের হিসাব, তালিকা ও মানচিত্র দেখেন, কিছু বদলাতে পারেন না। তাঁরা জাতীয় ঠিকানায় সাইন ইন করেন।',
  'areaRoles.list': 'যাঁরা এলাকার ভূমিকায় আছেন',
  'areaRoles.empty': 'কেউ এখনো কোনো এলাকার ভূমিকায় নেই।',
  'areaRoles.failed': 'তালিকাটি আনা যায়নি। একটু পরে আবার চেষ্টা করুন।',
  'areaRoles.role.NationalAdmin': 'জাতীয় প্রশাসক',
  'areaRoles.role.DivisionViewer': 'বিভাগীয় পর্যবেক্ষক',
  'areaRoles.role.DistrictViewer': 'জেলা পর্যবেক্ষক',
  'areaRoles.wholeCountry': 'সারা দেশ',
  'areaRoles.you': '(আপনি)',
  'areaRoles.grantTitle': 'পর্যবেক্ষকের ভূমিকা দিন',
  'areaRoles.role': 'ভূমিকা',
  'areaRoles.district': 'জেলা',
  'areaRoles.division': 'বিভাগ',
  'areaRoles.choose': 'বেছে নিন',
  'areaRoles.email': 'ই-মেইল',
  'areaRoles.name': 'নাম (নতুন অ্যাকাউন্টের জন্য, ঐচ্ছিক)',
  'areaRoles.submit': 'ভূমিকা দিন',
  'areaRoles.granted': '{email} এখন {area}-এর {role}।',
  'areaRoles.existing': 'অ্যাকাউন্টটি আগে থেকেই আছে; পাসওয়ার্ড আগের মতোই থাকল।',
  'areaRoles.oneTime':
    'নতুন অ্যাকাউন্টের এককালীন পাসওয়ার্ড। এটি আর দেখানো হবে না: এখনই তাঁকে দিন। প্রথম সাইন ইনে তাঁকে এটি বদলাতে হবে।',
  'areaRoles.revoke': 'ভূমিকা প্রত্যাহার',
  'areaRoles.revokeTitle': '{email}-এর ভূমিকা প্রত্যাহার করবেন?',
  'areaRoles.revokeBody': 'তিনি আর {area} দেখতে পারবেন না, এবং তাঁর চালু সব সেশন এখনই শেষ হবে।',
  'areaRoles.revokeConfirm': 'প্রত্যাহার করুন',
  'areaRoles.revoked': '{email}-এর ভূমিকা প্রত্যাহার করা হয়েছে।',
  'areaRoles.v.role': 'জেলা পর্যবেক্ষক বা বিভাগীয় পর্যবেক্ষক বেছে নিন।',
  'areaRoles.v.area': 'পর্যবেক্ষকের জেলা বা বিভাগ বেছে নিন।',
  'areaRoles.v.oneArea': 'একজন পর্যবেক্ষকের একটিই এলাকা: জেলা পর্যবেক্ষকের শুধু জেলা, বিভাগীয় পর্যবেক্ষকের শুধু বিভাগ।',
  'areaRoles.v.noSuchArea': 'এই জেলা বা বিভাগ দেশের তালিকায় নেই।',
  'areaRoles.v.nationalAdmin': 'এই ব্যক্তি জাতীয় প্রশাসক; এখান থেকে তাঁকে পর্যবেক্ষক করা যায় না।',
  'areaRoles.v.self': 'নিজের জাতীয় প্রশাসকের ভূমিকা নিজে প্রত্যাহার করা যায় না।',
} as const;
