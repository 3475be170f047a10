export { OutcomesTable, OUTCOMES_PAGE_SIZE } from './OutcomesTable';
