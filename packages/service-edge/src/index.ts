export { bearerMatches } from './bearer.ts'
export { gracefulCloser, type GracefulCloseOptions, type GracefulCloser } from './graceful-close.ts'
export { httpServerMetrics, type HttpServerMetrics, type RequestDurations } from './http-metrics.ts'
