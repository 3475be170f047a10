export { TopSources } from './TopSources';
