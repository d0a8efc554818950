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
  testTimeout: 60000,
  // Both cores of a two-core machine (Jest's default leaves one idle): the suites are independent (free ports, own data).
  maxWorkers: 2,
};
