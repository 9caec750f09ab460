// Prometheus metrics of one process (GET /metrics behind METRICS_TOKEN): a folder of its own, since it
// reads the database pool, the jobs and the real-time bus, which the http folder must not import.
export { installMetrics } from "./metrics.js";
