/** Bangla messages: deadlines per stage (docs/decisions/040-stage-deadlines.md). Keys are shared with ../en/deadlines.ts. */
export const deadlines = {
  'deadlines.v.target': '১ থেকে ৬০-এর মধ্যে কর্মদিবসের একটি পূর্ণ সংখ্যা লিখুন।',
  'deadlines.v.holiday': 'ছুটির দিনটি সঠিক তারিখ নয়।',
  'deadlines.v.holidayCount': 'সর্বোচ্চ ২০০টি ছুটির দিন রাখা যায়।',

  'deadlines.settings.group': 'কাজের সময়সীমা',
  'deadlines.settings.intro':
    'প্রতিটি ধাপে কত কর্মদিবসের মধ্যে কাজ শেষ হওয়া উচিত। শুক্র ও শনিবার এবং নিচের ছুটির দিনগুলো গোনা হয় না। সময় পেরোলে তালিকা ও ড্যাশবোর্ডে লাল চিহ্ন দেখা যায়।',
  'deadlines.settings.unit': 'কর্মদিবস',
  'deadlines.settings.save': 'সময়সীমা হালনাগাদ করুন',
  'deadlines.settings.saving': 'হালনাগাদ হচ্ছে…',
  'deadlines.settings.saved': 'সময়সীমা ও ছুটির দিন হালনাগাদ হয়েছে।',
  'deadlines.settings.saveFailed': 'সময়সীমা হালনাগাদ করা যায়নি: {message}',

  'deadlines.pipeline.new': 'নতুন ও বিদ্যমান নলকূপের আবেদন',
  'deadlines.pipeline.renewal': 'নবায়নের আবেদন',
  'deadlines.pipeline.change': 'নাম বা দাগ পরিবর্তনের আবেদন',
  'deadlines.stage.new.StepOne': 'চেয়ারম্যানের যাচাই',
  'deadlines.stage.new.StepTwo': 'ইউএনও-র যাচাই',
  'deadlines.stage.new.StepThree': 'বিএডিসি-র পরিদর্শন',
  'deadlines.stage.new.Pending': 'প্রাথমিক সিদ্ধান্ত (প্রক্রিয়াধীন)',
  'deadlines.stage.new.Approvable': 'অনুমোদন (অনুমোদনযোগ্য)',
  'deadlines.stage.new.NotApprovable': 'চূড়ান্ত সিদ্ধান্ত (অনুমোদনযোগ্য নয়)',
  'deadlines.stage.renewal.StepOne': 'চেয়ারম্যানের যাচাই',
  'deadlines.stage.renewal.StepTwo': 'ইউএনও-র যাচাই',
  'deadlines.stage.renewal.StepThree': 'বিএডিসি-র নবায়ন সিদ্ধান্ত',
  'deadlines.stage.change.StepOne': 'চেয়ারম্যানের যাচাই',
  'deadlines.stage.change.StepTwo': 'ইউএনও-র যাচাই',
  'deadlines.stage.change.Pending': 'বিএডিসি-র পরিবর্তন সিদ্ধান্ত',

  'deadlines.holidays.title': 'ছুটির দিন',
  'deadlines.holidays.hint':
    'সাপ্তাহিক ছুটি (শুক্র ও শনিবার) ছাড়া সরকারি ছুটি। "প্রতি বছর" বাছলে দিনটি প্রতি বছর ছুটি ধরা হবে; ঈদ, পূজার মতো যে ছুটির তারিখ বছর বছর বদলায়, সেগুলো প্রতি বছর তারিখসহ যোগ করুন।',
  'deadlines.holidays.date': 'ছুটির তারিখ',
  'deadlines.holidays.everyYear': 'প্রতি বছর এই দিন',
  'deadlines.holidays.add': 'ছুটি যোগ করুন',
  'deadlines.holidays.remove': '{date} মুছুন',
  'deadlines.holidays.none': 'কোনো ছুটির দিন রাখা নেই।',
  'deadlines.holidays.yearly': '{date} (প্রতি বছর)',
  'deadlines.holidays.pickDate': 'একটি তারিখ বেছে নিন।',
  'deadlines.holidays.duplicate': 'এই দিনটি আগেই তালিকায় আছে।',

  'deadlines.col.age': 'সময়',
  'deadlines.age': '{days} কর্মদিবস',
  'deadlines.overdue': 'সময় পেরিয়েছে {days} কর্মদিবস',
  'deadlines.paused': 'আবেদনকারীর সংশোধনের অপেক্ষায়',
  'deadlines.dueOn': 'শেষ তারিখ {date}',

  'deadlines.dash.title': 'সময় পেরোনো কাজ',
  'deadlines.dash.overdue': '{count}টির সময় পেরিয়েছে',
  'deadlines.dash.open': 'এই ধাপে {count}টি · লক্ষ্য {target} কর্মদিবস',
  'deadlines.dash.none': 'কোনো ধাপে কাজের সময় পেরোয়নি।',
  'deadlines.dash.loading': 'সময়সীমার হিসাব আসছে…',
  'deadlines.dash.loadFailed': 'সময়সীমার হিসাব আনা যায়নি: {message}',

  'deadlines.citizen.due': 'এই ধাপ শেষ হওয়ার সম্ভাব্য তারিখ: {date}',
  'deadlines.citizen.late': 'এই ধাপ শেষ হওয়ার সম্ভাব্য তারিখ ছিল {date}; কাজটি এখনো চলছে।',
} as const;
