import type { Config } from 'tailwindcss';

/** Design tokens: a calm government green, and a Bangla-first font stack (self-hosted Noto Sans Bengali). */
export default {
  content: ['./client/index.html', './client/src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { 50: '#f0fdf4', 100: '#dcfce7', 600: '#16a34a', 700: '#15803d', 800: '#166534', 900: '#14532d' },
      },
      fontFamily: {
        sans: ['"Noto Sans Bengali"', '"Noto Sans"', 'system-ui', 'sans-serif'],
      },
    },
  },
} satisfies Config;
