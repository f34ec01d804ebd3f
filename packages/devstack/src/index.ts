export {
  startEmbeddedPostgres,
  startThrowawayPostgres,
  type RunningPostgres,
} from './embedded-postgres.ts'
export { getFreePort, isPortFree, waitForHttp } from './network.ts'
export { withConnection } from './connection.ts'
export { generateDevSecrets, loadDevSecrets, type DevSecrets } from './secrets.ts'
export { parseEnvOrExit } from './env.ts'
export { createLogger, type Logger } from './logger.ts'
export { sandboxSmsEnv, startStack, type RunningStack, type StackOptions } from './stack.ts'
export { startServiceProcess, type ServiceProcess } from './service-process.ts'
export { binCommand, binPath, tsxNodeCommand, workspaceDir } from './workspace.ts'
export { migrationCommand } from './dev-database.ts'
export {
  startRoundRobinProxy,
  REPLICA_HEADER,
  type RoundRobinProxy,
  type Upstream,
} from './round-robin-proxy.ts'
export { startReplicaSet, type Replica, type ReplicaSet } from './replica-set.ts'
