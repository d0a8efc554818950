// Jest configuration: TypeScript through SWC (type checking is `npm run typecheck`), tests mirror the source tree.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/'],
  // A hang guard, not a speed check: a whole-pane jsdom test takes 30 s on a loaded two-core machine.
  testTimeout: 120000,
  // Both cores of a two-core machine (Jest's default leaves one idle): the suites are independent (free ports, own data).
  maxWorkers: 2,
};
