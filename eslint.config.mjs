import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const otherRepositories = {
  group: ['../*/*.repository.js', '../*/**/*.repository.js'],
  allowTypeImports: true,
  message: 'Use the service the other module exports, not its repository.',
};
const theLedger = {
  group: ['../ledger/ledger.service.js'],
  allowTypeImports: true,
  message: 'Money moves only through the wallet module (WalletMovements).',
};
const ledgerOwners = ['ledger', 'wallet'];

/**
 * Module boundaries (STYLE.md rule 5): a module reaches another only through the services it
 * exports; its repositories stay inside, and only the wallet module moves money. Row types may
 * be imported.
 */
function moduleBoundaries() {
  const folders = readdirSync(new URL('./server/src/modules', import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return folders.map((folder) => {
    const ledger = ledgerOwners.includes(folder) ? [] : [theLedger];
    return {
      files: [`server/src/modules/${folder}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [otherRepositories, ...ledger] }] },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'coverage/**',
      'test-artifacts/**',
      '.data/**',
      'contract/api/generated.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['contract/src/**/*.ts', 'server/src/**/*.ts', 'test/**/*.ts'],
    languageOptions: {
      globals: { ...globals.node, ...globals.jest },
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      curly: ['error', 'multi-line'],
    },
  },
  ...moduleBoundaries(),
  {
    files: ['storefront/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server(/|$)|^@zstore/server(/|$)',
              message:
                'The storefront and the console share code with the server only through @zstore/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // MUI and react-admin inputs focus the first field of a form or dialog the user opened.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['storefront/public/**/*.js', 'admin/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.mjs', 'scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
