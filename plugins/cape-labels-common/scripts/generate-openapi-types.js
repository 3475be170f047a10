#!/usr/bin/env node
/* eslint-disable no-console */
/*
 * Writes src/schema/openapi.generated.ts, the TypeScript types of the backend's OpenAPI spec
 * (plugins/cape-labels-backend/src/schema/openapi.yaml), with openapi-typescript. src/types.ts
 * names its schemas and the frontend's client reads its paths from it, so the spec is the one
 * source of the API's types.
 *   npm run generate:openapi -w @smartx-cape/plugin-cape-labels-common   (regenerate)
 *   node plugins/cape-labels-common/scripts/generate-openapi-types.js --check   (fail when stale; in `npm run lint`)
 */
const fs = require('fs');
const path = require('path');
const prettier = require('prettier');
const { default: openapiTS, astToString } = require('openapi-typescript');

const spec = path.resolve(
  __dirname,
  '../../cape-labels-backend/src/schema/openapi.yaml',
);
const target = path.resolve(__dirname, '../src/schema/openapi.generated.ts');

const HEADER = `/* eslint-disable */
// Generated from plugins/cape-labels-backend/src/schema/openapi.yaml by
// scripts/generate-openapi-types.js (openapi-typescript); do not edit it.
`;

async function generate() {
  const ast = await openapiTS(fs.readFileSync(spec, 'utf8'));
  const options = (await prettier.resolveConfig(target)) ?? {};
  // The package's API report needs a release tag on every exported declaration.
  const source = astToString(ast).replace(
    /^export interface (paths|components|operations) \{/gm,
    '/** @public */\nexport interface $1 {',
  );
  return prettier.format(`${HEADER}\n${source}`, {
    ...options,
    filepath: target,
  });
}

async function main() {
  const source = await generate();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(target)
      ? fs.readFileSync(target, 'utf8')
      : '';
    if (current !== source) {
      console.error(
        `${path.relative(process.cwd(), target)} is stale: run npm run generate:openapi -w @smartx-cape/plugin-cape-labels-common`,
      );
      process.exit(1);
    }
    return;
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, source);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
