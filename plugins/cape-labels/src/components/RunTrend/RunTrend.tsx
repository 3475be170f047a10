import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { useRuns } from '../../hooks';
import { towerTestIds } from '../../testIds';
import { TREND_RUNS } from './trendMarks';
import { TrendChart } from './TrendChart';

/** The Tower's last runs as a small bar chart; nothing until it has runs. */
export const RunTrend = ({ tower }: { tower: TowerSummary }) => {
  const lastRun = tower.lastRun;
  const runs = useRuns(tower.id, {
    limit: TREND_RUNS,
    enabled: !!lastRun,
    // a new run, or the last one finishing, changes the picture
    refreshKey: lastRun ? `${lastRun.id}:${lastRun.status}` : undefined,
  });
  if (!runs.value?.length) return null;
  return (
    <TrendChart
      runs={[...runs.value].reverse()}
      testId={towerTestIds(tower.id).trend}
    />
  );
};
