export { SimulatorAdmin } from './SimulatorAdmin';
export type { VmTruth, WorldSummary } from './SimulatorAdmin';
export type { AttachInput } from './attachTarget';
export { ADMIN_PREFIX, handleAdmin } from './adminRoutes';
