// The jsdom test environment Backstage's CLI uses, collecting garbage (see collectingGarbage.js).
const { getJestEnvironment } = require('@backstage/cli/config/getJestEnvironment');
const { collectingGarbage } = require('./collectingGarbage');

module.exports = collectingGarbage(require(getJestEnvironment()));
