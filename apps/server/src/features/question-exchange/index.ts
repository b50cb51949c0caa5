// Public entry of the question exchange: Moodle XML and GIFT import (a report, then one transaction) and export.
export { questionExchangeRoutes } from './routes';
