/** Bangla messages: the home page and the public site's frame (spec 1 §2). Keys are shared with ../en/home.ts. */
export const home = {
  // Header and footer
  'home.header.homeLink': '{site} — হোম পাতা',
  'home.header.accountNav': 'অ্যাকাউন্ট',
  'home.header.admin': 'অ্যাডমিন',
  'home.header.registration': 'রেজিস্ট্রেশন',
  'home.header.logoutFailed': 'লগআউট করা যায়নি: {message}',
  'home.footer.office': 'উপজেলা সেচ অফিস',
  'home.footer.address': '{upazila}, {district}',
  'home.footer.phone': 'ফোন: {phone}',
  'home.footer.email': 'ই-মেইল: {email}',
  'home.footer.links': 'অন্যান্য পাতা',
  'home.footer.about': 'আমাদের সম্পর্কে',
  'home.footer.policies': 'নীতিমালা',
  'home.footer.video': 'ভিডিও গ্যালারি',
  'home.footer.map': 'গুগল ম্যাপ',
  'home.scrollTop': 'পাতার উপরে যান',

  // Headline ticker
  'home.ticker.label': 'শিরোনাম',
  'home.ticker.pause': 'শিরোনাম থামান',
  'home.ticker.play': 'শিরোনাম চালু করুন',
  'home.ticker.welcome': 'সেচ নলকূপ লাইসেন্স পোর্টালে স্বাগতম',

  // Slider
  'home.slider.label': 'ছবির স্লাইডার',
  'home.slider.slide': 'ছবি {n} / {total}',
  'home.slider.previous': 'আগের ছবি',
  'home.slider.next': 'পরের ছবি',
  'home.slider.pause': 'স্লাইডার থামান',
  'home.slider.play': 'স্লাইডার চালু করুন',
  'home.slider.goTo': 'ছবি {n} দেখুন',
  'home.hero.title': 'সেচ নলকূপ লাইসেন্স — এখন অনলাইনে',
  'home.hero.body': 'মোবাইল থেকেই আবেদন করুন, আবেদনের অবস্থা জানুন ও লাইসেন্স প্রিন্ট করুন।',
  'home.hero.offline': 'ইন্টারনেট না থাকলেও আবেদন ফোনে জমা থাকে, সংযোগ পেলে নিজেই পাঠানো হয়।',
  'home.hero.apply': 'নতুন আবেদন করুন',

  // Citizen services grid
  'home.services.title': 'নাগরিক সেবা',
  'home.services.new': 'নতুন লাইসেন্সের আবেদন',
  'home.services.existing': 'বিদ্যমান নলকূপের আবেদন',
  'home.services.renew': 'লাইসেন্স নবায়ন',
  'home.services.status': 'আবেদনের অবস্থা',
  'home.services.licence': 'লাইসেন্স সংগ্রহ',
  'home.services.complaint': 'অভিযোগ',
  'home.services.copy': 'লাইসেন্সের অনুলিপি',
  'home.services.downloads': 'ডাউনলোড',
  'home.services.notice': 'নোটিশ বোর্ড',
  'home.services.dataTable': 'লাইসেন্সের তালিকা',
  'home.services.instruction': 'আবেদনের নির্দেশিকা',
  'home.services.geo': 'জিও ডাটাবেস',

  // Photo gallery, map, contact
  'home.gallery.title': 'ফটো গ্যালারি',
  'home.gallery.imageAlt': 'গ্যালারির ছবি {n}',
  'home.map.title': 'অফিসের অবস্থান',
  'home.map.loading': 'ম্যাপ লোড হচ্ছে...',
  'home.map.failed': 'ম্যাপ লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে পাতাটি আবার খুলুন।',
  'home.map.office': 'উপজেলা সেচ অফিস',
  'home.contact.loading': 'যোগাযোগ ফর্ম লোড হচ্ছে...',
} as const satisfies Record<string, string>;
