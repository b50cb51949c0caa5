// Public entry of parcours (specializations): their routes (no other feature imports them).
export { specializationRoutes } from './routes';
