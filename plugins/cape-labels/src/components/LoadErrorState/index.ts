export { LoadErrorState } from './LoadErrorState';
