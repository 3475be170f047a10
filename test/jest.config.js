// Tests that span packages: real backend processes, PostgreSQL, the browser.
// Run by `npm run test:e2e` (part of `npm test`); one file at a time, they start servers.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '\\.(js|jsx|ts|tsx|mjs|cjs)$':
      require.resolve('@backstage/cli/config/jestSwcTransform'),
  },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/bench/',
    '<rootDir>/fleet/',
  ],
  testTimeout: 180_000,
};
