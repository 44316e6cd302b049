/** Bangla messages: intake. Keys are prefixed 'intake.' and shared with ../en/intake.ts, which must have the same keys. */
export const intake = {
  'intake.v.shaMismatch': 'ফাইলটি পথে নষ্ট হয়ে গেছে (যা পাঠানো হয়েছিল তার সঙ্গে মেলেনি)। ফাইলটি আবার পাঠান।',
  'intake.v.slotNotDeclared': 'এই আবেদনের সঙ্গে এই ঘরের কোনো ফাইল জমা দেওয়ার কথা ছিল না।',
  'intake.v.duplicateSlot': 'একই ঘরের ফাইল একবারই দেওয়া যাবে।',
  'intake.v.licenceNotFound': 'এই লাইসেন্স নম্বর ও মোবাইল নম্বরে কোনো লাইসেন্স পাওয়া যায়নি। লাইসেন্সধারীর মোবাইল নম্বর দিন।',
  'intake.v.licenceSuspended': 'লাইসেন্সটি স্থগিত আছে, তাই নবায়ন করা যাবে না। উপজেলা সেচ কমিটির অফিসে যোগাযোগ করুন।',
  'intake.v.licenceTesting': 'লাইসেন্সটি এখনও পরীক্ষামূলক; বিএডিসির অনুমোদনেই এটি নিয়মিত হবে, নবায়নের আবেদন লাগবে না।',
} as const satisfies Record<string, string>;
