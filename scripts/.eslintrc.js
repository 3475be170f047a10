// Same rules as test/: not a workspace package either.
module.exports = require('../test/.eslintrc.js');
