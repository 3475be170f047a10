export type { WhereInput } from './filter';
export { listLabels, connectionWindow, matchingLabelIds } from './labelQuery';
export { labelsOfVm, vmWindow } from './vmQuery';
export { objectWindow } from './objectQuery';
export type { ListArgs } from './window';
export { compileObjectWhere } from './filter';
export { applyWindow, cursorPosition } from './window';
