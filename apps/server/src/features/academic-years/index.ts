// Public entry of academic years: their routes (no other feature imports them).
export { academicYearRoutes } from './routes';
