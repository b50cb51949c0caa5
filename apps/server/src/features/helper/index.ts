// Public entry of the helper: its route (no other feature imports it).
export { helperRoutes } from './routes';
