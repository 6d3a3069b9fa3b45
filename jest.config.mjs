const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

// @fastify/static (CommonJS) requires content-disposition, which ships only as ES modules;
// Jest cannot require() ES modules on Node 20, so that one package is compiled to CommonJS.
const esmOnlyDependencies = ['content-disposition'];
const toCommonJs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

const common = {
  transform: {
    [`node_modules/(${esmOnlyDependencies.join('|')})/.+\\.js$`]: toCommonJs,
    '^.+\\.ts$': swc,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyDependencies.join('|')})/)`],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/utils/setup-env.ts'],
};

/** Tiers: unit beside the code; e2e over HTTP against real PostgreSQL and Redis; process tests
 *  that start, kill and time whole store processes (run serially); browser tests in Chromium. */
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/server/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/utils/global-setup.mjs',
      globalTeardown: '<rootDir>/test/utils/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'process',
      testMatch: [
        '<rootDir>/test/jobs/**/*.process-spec.ts',
        '<rootDir>/test/smoke/**/*.process-spec.ts',
      ],
      globalSetup: '<rootDir>/test/utils/global-setup.mjs',
      globalTeardown: '<rootDir>/test/utils/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/utils/global-setup.mjs',
      globalTeardown: '<rootDir>/test/utils/global-teardown.mjs',
    },
  ],
  testTimeout: 60_000,
};
