// Public entry of possible solutions: their routes (no other feature imports them).
export { possibleSolutionRoutes } from './routes';
