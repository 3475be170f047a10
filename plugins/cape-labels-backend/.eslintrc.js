module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  testRules: {
    // The store tests declare their tests with describeEachDatabase's `itEach`.
    'jest/no-standalone-expect': [
      'error',
      { additionalTestBlockFunctions: ['itEach'] },
    ],
  },
});
