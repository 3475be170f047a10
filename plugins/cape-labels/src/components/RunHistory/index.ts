export { RunHistory } from './RunHistory';
