// Migrations in code, in order; each feature appends its own file here.
import type { Migration } from 'kysely';
import * as m001 from './001-foundation';

export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
};
