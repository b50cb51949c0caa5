// Public entry of exam taking: what other features (results) may use.
export { examTakingRoutes } from './routes';
export { recomputeAttempt, drawsOf, repinDraws, type DrawRow } from './repository';
export { pinKey, pinnedQuestions } from './pins';
export { penalised, rulesOf } from './submissions';
export { humanGradedTypes, marksPublished, waitingDetails } from './marks-gate';
export { settleDueDrafts } from './drafts';
