// The node test environment Backstage's CLI uses, collecting garbage (see collectingGarbage.js).
const {
  getJestNodeEnvironment,
} = require('@backstage/cli/config/getJestEnvironment');
const { collectingGarbage } = require('./collectingGarbage');

module.exports = collectingGarbage(
  require(getJestNodeEnvironment()).TestEnvironment,
);
