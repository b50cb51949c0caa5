// Public entry of exam results: their routes (no other feature imports them).
export { examResultsRoutes } from './routes';
