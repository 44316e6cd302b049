/** Bangla messages: intake. Keys are prefixed 'intake.' and shared with ../en/intake.ts, which must have the same keys. */
export const intake = {
  'intake.v.shaMismatch': 'ফাইলটি পথে নষ্ট হয়ে গেছে (যা পাঠানো হয়েছিল তার সঙ্গে মেলেনি)। ফাইলটি আবার পাঠান।',
  'intake.v.slotNotDeclared': 'এই আবেদনের সঙ্গে এই ঘরের কোনো ফাইল জমা দেওয়ার কথা ছিল না।',
  'intake.v.duplicateSlot': 'একই ঘরের ফাইল একবারই দেওয়া যাবে।',
} as const satisfies Record<string, string>;
