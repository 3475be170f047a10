export { RunTrend } from './RunTrend';
export { TrendChart } from './TrendChart';
export { TREND_RUNS } from './trendMarks';
