// OpenTelemetry for the demo backend, loaded before it starts (`--require`), as Backstage's
// "Setting up OpenTelemetry" does it: every plugin's metrics for Prometheus at
// http://localhost:9464/metrics (README "Metrics"). Worker threads export nothing of their own.
const { isMainThread } = require('node:worker_threads');

if (isMainThread) {
  require('./prometheusMetrics').startPrometheusMetrics();
}
