// The fleet test: forty Towers on three backends. Its own jest run (`npm run test:fleet`), which
// `npm test` (Node 20 in CI) calls and `test:e2e` (run again on Node 24) does not: it is
// the longest cross-package test and says nothing more on another Node.
module.exports = {
  ...require('../jest.config.js'),
  rootDir: __dirname,
  testPathIgnorePatterns: ['/node_modules/'],
};
