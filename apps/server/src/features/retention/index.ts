// Public entry of retention: its routes, the periodic purge, what keeps a student's data that other features honour
// (an erasure is refused while a hold or an open similarity case stands) and the registry of every table's personal data.
export { retentionRoutes, RETENTION_SWEEP_MS } from './routes';
export { purgeDueYears, whatKeepsStudent } from './service';
export { DATA_REGISTRY, type TableRule } from './registry';
