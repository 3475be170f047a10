export { CardFrame } from './CardFrame';
