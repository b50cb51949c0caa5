// Public entry of a student's personal data: its routes (the access log is passed in by the feature list).
export { personalDataRoutes } from './routes';
export type { CopyAccesses } from './gather';
