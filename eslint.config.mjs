import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Files that still read another module's repository; each is to move to that module's service. */
const repositoryCrossingsToRemove = [
  'server/src/modules/auth/auth.guard.ts',
  'server/src/modules/auth/auth.service.ts',
  'server/src/modules/auth/google-login.service.ts',
  'server/src/modules/auth/otp-login.service.ts',
  'server/src/modules/auth/password-reset.service.ts',
  'server/src/modules/catalog/catalog.service.ts',
  'server/src/modules/demo/demo-data.service.ts',
];

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
  return folders.flatMap((folder) => {
    const files = [`server/src/modules/${folder}/**/*.ts`];
    const ledger = ledgerOwners.includes(folder) ? [] : [theLedger];
    const debts = repositoryCrossingsToRemove.filter((file) =>
      file.startsWith(`server/src/modules/${folder}/`),
    );
    const rule = (patterns) =>
      patterns.length > 0 ? { 'no-restricted-imports': ['error', { patterns }] } : {};
    return [
      { files, ignores: debts, rules: rule([otherRepositories, ...ledger]) },
      ...(debts.length > 0 ? [{ files: debts, rules: rule(ledger) }] : []),
    ];
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
      'api-contract/generated.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['server/src/**/*.ts', 'test/**/*.ts'],
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
