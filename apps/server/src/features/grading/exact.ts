// EXACT answers' matching rules live with the EXACT kind (../question-kinds); re-exported for this feature's tests.
export { matchesExact, normalizeText, numbersMatch, parseNumber } from '../question-kinds';
