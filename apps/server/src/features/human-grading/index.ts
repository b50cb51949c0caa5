// Public entry of grading by people: its staff routes (the grading queue of each essay question), and the mark a
// decision taken elsewhere sets (a similarity case's « Note modifiée »).
export { humanGradingRoutes } from './routes';
export { copyNumbers, graderOrder, markByDecision } from './service';
export { journalForMarker, marksBlind } from './markers';
