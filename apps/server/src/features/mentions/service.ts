// Rules of mentions: unique code (case-insensitive), no deletion while parcours belong to it.
import type { Mention, MentionInput } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import * as repo from './repository';

async function assertCodeFree(ctx: AppContext, code: string, exceptId?: number) {
  if (await repo.findMentionByCode(ctx.db, code, exceptId)) {
    const m = `Le code ${code} est déjà utilisé par une autre mention.`;
    throw conflict(m, { code: [m] });
  }
}

export async function getMention(ctx: AppContext, id: number): Promise<Mention> {
  const m = await repo.findMention(ctx.db, id);
  if (!m) throw notFound("Cette mention n’existe pas.");
  return m;
}

export async function createMention(ctx: AppContext, input: MentionInput) {
  await assertCodeFree(ctx, input.code);
  const { id } = await repo.insertMention(ctx.db, input);
  return getMention(ctx, id);
}

export async function updateMention(ctx: AppContext, id: number, input: MentionInput) {
  await getMention(ctx, id);
  await assertCodeFree(ctx, input.code, id);
  await repo.updateMention(ctx.db, id, input);
  return getMention(ctx, id);
}

export async function deleteMention(ctx: AppContext, id: number) {
  const m = await getMention(ctx, id);
  const n = m.specializations_count ?? 0;
  if (n > 0) {
    throw conflict(
      `Impossible de supprimer la mention ${m.name} : elle contient encore ${n} parcours. Supprimez ces parcours ou rattachez-les à une autre mention d’abord.`,
    );
  }
  await repo.deleteMention(ctx.db, id);
  return m;
}
