export { SimulatorAdmin } from './SimulatorAdmin';
export type { AttachInput, VmTruth, WorldSummary } from './SimulatorAdmin';
export { ADMIN_PREFIX, handleAdmin } from './adminRoutes';
