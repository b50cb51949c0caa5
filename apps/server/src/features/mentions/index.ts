// Public entry of mentions: their routes (no other feature imports them).
export { mentionRoutes } from './routes';
