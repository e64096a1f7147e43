import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { webLayersPlugin } from './scripts/eslint/web-layers.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The dependency rule (docs/architecture.md): the platform is the lowest layer and knows the
    // contexts only through BoundedContext; the roles (services/src/roles/) hand it the list.
    files: ['services/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?contexts(/|$)',
              message:
                'services/src/platform must not import a context; take what you need through BoundedContext.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The web layers (docs/architecture.md): shared ← features ← app, no feature importing another;
    // the few allowed compositions and their reasons are in scripts/eslint/web-layers.js.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { sabaq: webLayersPlugin },
    rules: { 'sabaq/web-layers': 'error' },
  },
  prettier,
);
