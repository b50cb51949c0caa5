// Public entry of presence: its route, and the marks that signing in and out leave (auth).
export { presenceRoutes } from './routes';
export { leavePresence, touchPresence } from './service';
