// Public entry of authentication: its routes and request plugin, the premium gate, and what other features
// (users) need of sessions.
export { authRoutes } from './routes';
export { authPlugin, requirePremium } from './plugin';
export { findSessionUserById, revokeUserTokens } from './repository';
export { startTrustedSession } from './service';
