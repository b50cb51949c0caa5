// Public entry of the code runner: its routes, and what other features may use: the per-user run limit, the
// runner itself (or a French 503), its failures as French 429 / 503 (onRunner), its number of slots, and the free
// runs of the practice editors (with the limits they are held to).
export { runnerRoutes } from './routes';
export { checkRate, compareMath, execCode, isRunnerUnavailable, onRunner, requireRunner, RunnerUnavailableError, PRACTICE_LIMITS } from './service';
export { runnerSlots, createRunnerFromConfig } from './factory';
export { runGenerator, generatorErrorText, generatorErrorLine, type GeneratorError, type GeneratorOutcome, type GeneratedVariant, type VariantValues } from './generator';
