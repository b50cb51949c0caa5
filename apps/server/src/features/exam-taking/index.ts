// Public entry of exam taking: what other features (results) may use.
export { examTakingRoutes } from './routes';
export { recomputeAttempt } from './repository';
export { penalised, rulesOf } from './submissions';
