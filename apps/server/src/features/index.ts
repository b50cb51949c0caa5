// Every feature's routes, registered in this order by app.ts.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { helperRoutes } from './helper/routes';
import { presenceRoutes } from './presence/routes';
import { courseRoutes } from './courses/routes';
import { chapterRoutes } from './chapters/routes';
import { fileRoutes } from './files/routes';

export const features: Array<(app: FastifyInstance) => Promise<void>> = [helperRoutes, authRoutes, presenceRoutes, courseRoutes, chapterRoutes, fileRoutes];
