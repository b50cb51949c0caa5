// Public entry of similar programs: their staff routes (no other feature imports them).
export { similarityRoutes } from './routes';
