// Jest loads ES-module-only dependencies (content-disposition, file-type) with require(esm),
// which it supports from Node 24.9. `npm test` runs on the project's Node (node_modules/.bin/node).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 9)) {
  throw new Error(
    `The tests need Node 24.9 or newer, this is ${process.version}: run them with npm test or ` +
      'node_modules/.bin/node node_modules/jest/bin/jest.js',
  );
}

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

const common = {
  transform: { '^.+\\.ts$': swc },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // The contract's source, so tests need no contract build.
    '^@zstore/contract/(.*)$': '<rootDir>/contract/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/utils/setup-env.ts'],
};

/** Tiers: unit beside the code; e2e over HTTP against real PostgreSQL and Redis; process tests
 *  that start, kill and time whole store processes (run serially); browser tests in Chromium. */
export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/contract/src/**/*.spec.ts', '<rootDir>/server/src/**/*.spec.ts'],
    },
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
        '<rootDir>/test/process/**/*.process-spec.ts',
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
  // Each test file loads the whole store again and a worker keeps much of it: by the end of the
  // e2e tier a worker's heap passed 2.5 GB and one garbage collection paused it for 0.8 s. A
  // worker above this after a file is replaced. (The tiers run with --runInBand keep theirs.)
  workerIdleMemoryLimit: '1GB',
};
