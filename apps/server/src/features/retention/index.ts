// Public entry of retention: its routes, the periodic purge, the holds other features honour (an erasure is refused
// while one stands) and the registry of every table's personal data.
export { retentionRoutes, RETENTION_SWEEP_MS } from './routes';
export { activeHoldsOf, purgeDueYears } from './service';
export { DATA_REGISTRY, type TableRule } from './registry';
