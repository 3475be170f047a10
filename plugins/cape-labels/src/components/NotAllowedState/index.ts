export { NotAllowedState } from './NotAllowedState';
