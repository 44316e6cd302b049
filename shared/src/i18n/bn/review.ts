/** Bangla messages: review. Keys are shared with ../en/review.ts, which must have the same keys. */
export const review = {
  'review.v.reasonOnNo': '"না" হলে কারণ লিখুন।',
  'review.v.recheckMessage': 'পুনরায় যাচাইয়ের অনুরোধে আবেদনকারীকে কী ঠিক করতে হবে তা লিখুন।',
  'review.v.validTo': 'মেয়াদ শেষের তারিখ শুরুর তারিখের পরে হতে হবে।',
  'review.v.checklistCount': 'যাচাই তালিকার সবগুলো প্রশ্নের উত্তর দিন।',

  // Stages (spec 3 §4 destination values).
  'review.stage.StepOne': 'চেয়ারম্যানের কাছে',
  'review.stage.StepTwo': 'ইউএনও-র কাছে',
  'review.stage.StepThree': 'বিএডিসি-র কাছে',
  'review.stage.Pending': 'প্রক্রিয়াধীন',
  'review.stage.Approvable': 'অনুমোদনযোগ্য',
  'review.stage.NotApprovable': 'অনুমোদনযোগ্য নয়',
  'review.stage.Approved': 'অনুমোদিত',
  'review.stage.Decline': 'বাতিল',
  'review.stage.Suspend': 'স্থগিত',

  // Actions: button labels and the audit history.
  'review.action.forward': 'ফরোয়ার্ড করুন',
  'review.action.inspect': 'যাচাই তালিকা জমা দিন',
  'review.action.requestRecheck': 'পুনরায় যাচাইয়ের অনুরোধ',
  'review.action.decideFirst': 'প্রাথমিক সিদ্ধান্ত',
  'review.action.updateFinal': 'হালনাগাদ করুন',
  'review.action.approve': 'অনুমোদন ও লাইসেন্স প্রদান',
  'review.action.decline': 'বাতিল করুন',
  'review.action.suspend': 'লাইসেন্স স্থগিত করুন',
  'review.action.reactivate': 'লাইসেন্স পুনরায় চালু করুন',
  'review.action.confirmTesting': 'পরীক্ষামূলক লাইসেন্স ৩ বছরের জন্য অনুমোদন',
  'review.action.override': 'অ্যাডমিন কর্তৃক ধাপ পরিবর্তন',
  'review.action.forwardAll': 'সব ফরোয়ার্ড করুন',
  'review.action.uploadFile': 'ফাইল আপলোড',
  'review.forwardAll.confirm': 'আপনি কি নিশ্চিত যে সব আবেদন ফরোয়ার্ড করতে চান?',

  // Queues (spec 3 §2).
  'review.queue.chairman-unseen': 'নতুন আবেদন (দেখা হয়নি)',
  'review.queue.chairman-seen': 'নতুন আবেদন (দেখা হয়েছে)',
  'review.queue.uno-unseen': 'ইউএনও: নতুন আবেদন (দেখা হয়নি)',
  'review.queue.uno-seen': 'ইউএনও: নতুন আবেদন (দেখা হয়েছে)',
  'review.queue.badc-unseen': 'বিএডিসি: নতুন আবেদন (দেখা হয়নি)',
  'review.queue.badc-seen': 'বিএডিসি: নতুন আবেদন (দেখা হয়েছে)',
  'review.queue.pending': 'প্রক্রিয়াধীন আবেদন',
  'review.queue.approvable': 'অনুমোদনযোগ্য আবেদন',
  'review.queue.notapprovable': 'অনুমোদনযোগ্য নয় এমন আবেদন',
  'review.queue.active': 'অনুমোদিত আবেদন',
  'review.queue.decline': 'বাতিল আবেদন',
  'review.queue.licence-testing': 'পরীক্ষামূলক লাইসেন্স (১ বছর)',
  'review.queue.licence-active': 'সক্রিয় লাইসেন্স',
  'review.queue.licence-expired': 'মেয়াদোত্তীর্ণ লাইসেন্স',
  'review.queue.licence-suspended': 'স্থগিত লাইসেন্স',
  'review.counters.seen': 'দেখা হয়েছে: {count}',
  'review.counters.unseen': 'দেখা হয়নি: {count}',

  // Outcomes the officer sees after an action (spec 3 §8, without the legacy typos).
  'review.done.forward': 'আবেদনটি ফরোয়ার্ড করা হয়েছে।',
  'review.done.forwardAll': '{count}টি আবেদন ফরোয়ার্ড করা হয়েছে।',
  'review.done.saved': 'তথ্য সংরক্ষণ করা হয়েছে।',
  'review.done.approve': 'আবেদন অনুমোদিত হয়েছে, লাইসেন্স নম্বর {number}।',
  'review.done.decline': 'আবেদনটি বাতিল করা হয়েছে।',
  'review.done.suspend': 'লাইসেন্স স্থগিত করা হয়েছে।',
  'review.done.reactivate': 'লাইসেন্স পুনরায় চালু করা হয়েছে।',
  'review.done.uploaded': 'ফাইল আপলোড হয়েছে।',

  // Checklist items 1..7 (spec 3 §3: the seven attached documents, in slot order).
  'review.checklist.1': 'আবেদনকারীর ছবি সঠিক আছে কি?',
  'review.checklist.2': 'আবেদনকারীর স্বাক্ষর সঠিক আছে কি?',
  'review.checklist.3': 'জাতীয় পরিচয়পত্র সঠিক আছে কি?',
  'review.checklist.4': 'জমির দলিল/খতিয়ান সঠিক আছে কি?',
  'review.checklist.5': 'ভূমি উন্নয়ন কর রশিদ সঠিক আছে কি?',
  'review.checklist.6': 'মৌজা ম্যাপ সঠিক আছে কি?',
  'review.checklist.7': 'বিদ্যুৎ বিল সঠিক আছে কি?',

  // Officer file slots.
  'review.file.inspectionReport': 'পরিদর্শন প্রতিবেদন',
  'review.file.bankSlip': 'ব্যাংক স্লিপ',
  'review.file.managerConsent': 'ব্যবস্থাপকের সম্মতিপত্র',
} as const satisfies Record<string, string>;
