// Rules of parcours: unique code, an existing mention, no deletion while students are enrolled in it.
import type { Specialization, SpecializationInput } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import * as repo from './repository';

async function check(ctx: AppContext, input: SpecializationInput, exceptId?: number) {
  if (!(await repo.mentionExists(ctx.db, input.mention_id))) {
    const m = "La mention choisie n’existe pas.";
    throw unprocessable({ mention_id: [m] }, m);
  }
  if (await repo.findSpecializationByCode(ctx.db, input.code, exceptId)) {
    const m = `Le code ${input.code} est déjà utilisé par un autre parcours.`;
    throw conflict(m, { code: [m] });
  }
}

export async function getSpecialization(ctx: AppContext, id: number): Promise<Specialization> {
  const s = await repo.findSpecialization(ctx.db, id);
  if (!s) throw notFound("Ce parcours n’existe pas.");
  return s;
}

export async function createSpecialization(ctx: AppContext, input: SpecializationInput) {
  await check(ctx, input);
  const { id } = await repo.insertSpecialization(ctx.db, input);
  return getSpecialization(ctx, id);
}

export async function updateSpecialization(ctx: AppContext, id: number, input: SpecializationInput) {
  await getSpecialization(ctx, id);
  await check(ctx, input, id);
  await repo.updateSpecialization(ctx.db, id, input);
  return getSpecialization(ctx, id);
}

export async function deleteSpecialization(ctx: AppContext, id: number) {
  const s = await getSpecialization(ctx, id);
  const n = s.students_count ?? 0;
  const courses = s.courses_count ?? 0;
  if (n > 0 || courses > 0) {
    const uses = [
      n > 0 ? `${n} étudiant${n > 1 ? 's y sont inscrits' : ' y est inscrit'}` : null,
      courses > 0 ? `${courses} cours y ${courses > 1 ? 'sont proposés' : 'est proposé'}` : null,
    ].filter(Boolean);
    throw conflict(
      `Impossible de supprimer le parcours ${s.name} : ${uses.join(' et ')}. ${n > 0 ? "Changez d’abord leur parcours." : "Retirez d’abord ce parcours de ces cours."}`,
    );
  }
  await repo.deleteSpecialization(ctx.db, id);
  return s;
}
