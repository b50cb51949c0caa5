// Public entry of similar programs: their staff routes (no other feature imports them), and the side of the runner
// workers that computes comparisons sent through BullMQ in the cluster (runner-worker.ts).
export { similarityRoutes } from './routes';
export { similarityQueueName, startSimilarityWorker } from './queue';
