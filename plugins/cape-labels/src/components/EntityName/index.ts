export { EntityName } from './EntityName';
export { TriggerLabel } from './TriggerLabel';
