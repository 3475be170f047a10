export { RunTrend } from './RunTrend';
export { HistoryChart } from './HistoryChart';
export { TREND_RUNS } from './trendData';
