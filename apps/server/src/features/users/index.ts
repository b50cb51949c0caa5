// Public entry of users: their routes (no other feature imports them).
export { userRoutes } from './routes';
