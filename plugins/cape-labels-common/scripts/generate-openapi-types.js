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

const INTERFACE_DOCS = {
  paths: "The spec's paths, each with its operations by method.",
  components: "The spec's schemas, shared answers and parameters.",
  operations:
    "The spec's operations by operationId: parameters, request body and answers by status.",
};

/**
 * The package's API report fails on any API Extractor warning: every exported interface needs a
 * release tag and every member of it a comment, and openapi-typescript's JSDoc tags (`@description`,
 * `@enum {string}`, `@default`, `@constant`) are not TSDoc.
 */
function asTsdoc(source) {
  let inside;
  return source
    .replace(/^(\s*)\/\*\* @(enum \{\w+\}|constant) \*\/\n/gm, '')
    .replace(/^\s*\* @(enum \{\w+\}|constant)\n/gm, '')
    .replace(/@description /g, '')
    .replace(/@default /g, '@defaultValue ')
    .split('\n')
    .flatMap((line, index, lines) => {
      const opened = /^export interface (\w+) \{$/.exec(line);
      if (opened) {
        inside = opened[1];
        return [`/** ${INTERFACE_DOCS[inside]} @public */`, line];
      }
      if (line === '}') inside = undefined;
      const member = /^ {2}('[^']+'|\w+)\??: /.exec(line);
      if (!inside || !member || lines[index - 1].trim().endsWith('*/')) {
        return [line];
      }
      return [`  /** \`${member[1].replace(/'/g, '')}\` */`, line];
    })
    .join('\n');
}

async function generate() {
  const ast = await openapiTS(fs.readFileSync(spec, 'utf8'));
  const options = (await prettier.resolveConfig(target)) ?? {};
  const format = source =>
    prettier.format(source, { ...options, filepath: target });
  return format(asTsdoc(await format(`${HEADER}\n${astToString(ast)}`)));
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
