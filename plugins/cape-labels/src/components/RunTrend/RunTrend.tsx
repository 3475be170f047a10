import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { useLatestRuns } from '../../hooks';
import { TREND_RUNS } from './trendData';
import { TrendChart } from './TrendChart';

/** The Tower's last runs as a small bar chart; nothing until it has runs. */
export const RunTrend = ({ tower }: { tower: TowerSummary }) => {
  const runs = useLatestRuns(tower, TREND_RUNS);
  if (!runs.value?.length) return null;
  return <TrendChart runs={runs.value} />;
};
