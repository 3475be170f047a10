// The README's optional catalog step, type-checked only (the fixture has no catalog backend):
// `backend.add(import('@smartx-cape/plugin-catalog-backend-module-cape-labels'))` next to
// `@backstage/plugin-catalog-backend`.
export { default as capeLabelsCatalogModule } from '@smartx-cape/plugin-catalog-backend-module-cape-labels';
