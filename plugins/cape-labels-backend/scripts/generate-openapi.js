#!/usr/bin/env node
/*
 * Writes src/schema/openapi.generated.ts from src/schema/openapi.yaml: the spec as a
 * `const` object (so the router and the frontend client get types from it) and the
 * validated router factory. Run after editing the yaml:
 *   node plugins/cape-labels-backend/scripts/generate-openapi.js
 * src/schema/openapi.test.ts fails when the two disagree.
 */
const fs = require('fs');
const path = require('path');
const { parse } = require('yaml');

const schemaDir = path.resolve(__dirname, '../src/schema');
const spec = parse(
  fs.readFileSync(path.join(schemaDir, 'openapi.yaml'), 'utf8'),
);

const source = `// This file is generated from openapi.yaml by scripts/generate-openapi.js; do not edit it.
import { createValidatedOpenApiRouter } from '@backstage/backend-openapi-utils';

export const spec = ${JSON.stringify(spec, null, 2)} as const;

export const createOpenApiRouter = async (
  options?: Parameters<typeof createValidatedOpenApiRouter>['1'],
) => createValidatedOpenApiRouter<typeof spec>(spec, options);
`;

fs.writeFileSync(path.join(schemaDir, 'openapi.generated.ts'), source);
