export * from './CapeLabelsApi';
export { CapeLabelsClient } from './CapeLabelsClient';
export { SweepAlreadyRunningError, isSweepAlreadyRunningError } from './errors';
