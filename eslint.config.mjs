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
 * Repositories a module exports on purpose, by the module that uses them: the delivery module
 * moves an order's delivery through the orders module's guarded writes.
 */
const sharedRepositories = { delivery: ['../orders/order-deliveries.repository.js'] };
const frameworkInternals = {
  regex: '^@nestjs/[^/]+/(internal|constants)(\\.js)?$',
  message:
    "Nest's internals and metadata keys are not its API: use its decorators (applyDecorators, UseInterceptors, SetMetadata, RouteConfig).",
};

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
    const shared = (sharedRepositories[folder] ?? []).map((path) => `!${path}`);
    const repositories = { ...otherRepositories, group: [...otherRepositories.group, ...shared] };
    return {
      files: [`server/src/modules/${folder}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [repositories, ...ledger, frameworkInternals] },
        ],
      },
    };
  });
}

/**
 * The lower folders (`common/`, `database/`, `jobs/`, `config/`) serve the modules and never
 * import one: a module depends on them, not the other way round.
 */
const lowerFolders = {
  files: ['server/src/{common,database,jobs,config}/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)modules/',
            message: 'A lower folder never imports a module; move what both need down here.',
          },
          frameworkInternals,
        ],
      },
    ],
  },
};

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
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Every TypeScript file is linted with the types of the tsconfig.json nearest to it: the
    // root one for contract/src, server/src, test and scripts; their own for the storefront, the
    // console and the generated API types (contract/api).
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Plain JavaScript has no types to check.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            // A query's WHERE clause, built to be written into its SQL (toString).
            { from: 'file', name: 'SqlWhere' },
          ],
        },
      ],
      curly: ['error', 'multi-line'],
    },
  },
  {
    // The supplier adapters and their simulators read foreign JSON, whose values are `unknown`
    // and become `{}` once tested for null: String(value ?? '') is how they read one as text.
    files: ['server/src/providers/**/*.ts', 'server/src/sandbox/**/*.ts'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    files: ['server/src/**/*.ts', 'test/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Test files assert the API's JSON answers with expect(): supertest types a response's
    // body as `any`, and so does @types/jest for asymmetric matchers (expect.any(String),
    // expect.stringMatching(...)) inside expected objects. The shared helpers under test/ stay
    // under the full rule set and return typed values.
    files: ['test/**/*.{e2e,process,browser}-spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  ...moduleBoundaries(),
  lowerFolders,
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
