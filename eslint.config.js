import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Lint fails CI on any warning (`--max-warnings 0`). */
export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'e2e/artifacts/**', 'bench-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' }, // migrations are typed Kysely<any> on purpose (frozen in time)
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Secure-context-only APIs fail on an office LAN served over plain http
    // (docs/decisions/012-offline-queue-truth.md): one id helper and one hash helper use them.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/offline/ids.ts', 'client/src/offline/hash.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='randomUUID']",
          message: 'Use newId() from client/src/offline/ids.ts: crypto.randomUUID exists only on https (decision 012).',
        },
        {
          selector: "MemberExpression[property.name='subtle']",
          message:
            'Use sha256Hex() from client/src/offline/hash.ts: crypto.subtle exists only on https (decision 012).',
        },
      ],
    },
  },
);
