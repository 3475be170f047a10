export { OutcomesTable } from './OutcomesTable';
