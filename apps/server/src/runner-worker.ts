// `npm run runner`: a worker process that takes runs from the BullMQ queue (REDIS_URL) and executes them.
console.error('Le processus d’exécution nécessite REDIS_URL.');
process.exit(1);
