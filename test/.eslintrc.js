// test/ and scripts/ are not workspace packages: lint them with the node-library rules, its dependencies being
// the root's (no per-package manifest to declare them in).
const base =
  require('@backstage/cli/config/eslint-factory').createConfigForRole(
    undefined,
    'node-library',
  );

module.exports = {
  ...base,
  root: true,
  rules: {
    ...base.rules,
    '@backstage/no-undeclared-imports': 'off',
    'no-console': 'off',
  },
};
