import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const appsApart = { group: ['**/apps/server/**', '**/apps/web/**'], message: 'Apps do not import each other.' };

/** Web feature folders: none imports another (CONVENTIONS: shared pieces go to components/ or lib/). */
const features = fs.readdirSync(new URL('./apps/web/src/features/', import.meta.url));
const featuresApart = features.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          appsApart,
          {
            group: features.filter((other) => other !== feature).map((other) => `../**/${other}/**`),
            message: 'Features do not import each other: move the shared piece to components/ or lib/.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': ['error', { patterns: [appsApart] }],
    },
  },
  // The root test config is no app: it gathers the apps' test projects.
  { files: ['vitest.config.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...featuresApart,
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@marquee/server*', '@marquee/web*', '**/apps/**'],
              message: 'contracts import nothing from the apps.',
            },
          ],
        },
      ],
    },
  },
);
