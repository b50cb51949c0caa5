// Public entry of users: their routes (no other feature imports them).
export { userRoutes } from './routes';
// The first administrator, made at start-up from the configuration (bootstrap, demo).
export { ensureFirstAdmin } from './first-admin';
