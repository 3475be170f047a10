export { mulberry32, pick, randomInt } from './prng';
export type { Random } from './prng';
