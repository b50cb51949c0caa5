// Public entry of grading by people: its staff routes (the grading queue of each essay question).
export { humanGradingRoutes } from './routes';
export { copyNumbers, graderOrder } from './service';
