const path = require('node:path');
const { metrics: sdkMetrics } = require('@opentelemetry/sdk-node');
const { PrometheusExporter } = require('@opentelemetry/exporter-prometheus');

/** Prometheus's registered port for OpenTelemetry's exporter. */
const DEFAULT_PORT = 9464;

/**
 * The OpenTelemetry API copy that Backstage's metrics service (`@backstage/backend-defaults`)
 * and the plugins record through. The SDK 0.223 brings its own older copy (it wants < 1.10), and
 * the API serves only a global registered by a copy at least as new as itself: registered through
 * the SDK's copy (as `NodeSDK.start()` does), every Backstage meter here would stay a no-op.
 * Registered through Backstage's copy, both copies see it.
 */
function backstageOtelApi() {
  const defaults = path.dirname(
    require.resolve('@backstage/backend-defaults/package.json'),
  );
  return require(require.resolve('@opentelemetry/api', { paths: [defaults] }));
}

/**
 * Serves the backend's metrics in Prometheus's text format on `http://<host>:<port>/metrics`
 * (port: `options.port`, else `OTEL_EXPORTER_PROMETHEUS_PORT`, else 9464).
 *
 * @param {{ port?: number, preventServerStart?: boolean }} [options]
 * @returns {{ exporter: PrometheusExporter, shutdown: () => Promise<void> }}
 */
function startPrometheusMetrics(options = {}) {
  const exporter = new PrometheusExporter({
    port:
      options.port ??
      (Number(process.env.OTEL_EXPORTER_PROMETHEUS_PORT) || DEFAULT_PORT),
    preventServerStart: options.preventServerStart,
  });
  const provider = new sdkMetrics.MeterProvider({ readers: [exporter] });
  if (!backstageOtelApi().metrics.setGlobalMeterProvider(provider)) {
    throw new Error('Another OpenTelemetry meter provider is registered');
  }
  return { exporter, shutdown: () => provider.shutdown() };
}

module.exports = { startPrometheusMetrics };
