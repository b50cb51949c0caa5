// Public entry of practice: its routes (no other feature imports it).
export { practiceRoutes } from './routes';
