// Rules of academic years: unique label, one current year (switched atomically), no deletion while
// students are enrolled.
import type { AcademicYear, AcademicYearInput } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import * as repo from './repository';

const NOT_FOUND = "Cette année universitaire n’existe pas.";

async function assertLabelFree(ctx: AppContext, label: string, exceptId?: number) {
  if (await repo.findYearByLabel(ctx.db, label, exceptId)) {
    const m = `L’année universitaire ${label} existe déjà.`;
    throw conflict(m, { label: [m] });
  }
}

export async function getYear(ctx: AppContext, id: number): Promise<AcademicYear> {
  const y = await repo.findYear(ctx.db, id);
  if (!y) throw notFound(NOT_FOUND);
  return y;
}

export async function createYear(ctx: AppContext, input: AcademicYearInput): Promise<AcademicYear> {
  await assertLabelFree(ctx, input.label);
  const id = await withTransaction(ctx.db, async (trx) => {
    // Making this year current un-marks the previous one in the same transaction;
    // the partial unique index still refuses two concurrent switches.
    if (input.is_current === 1) await repo.clearCurrent(trx);
    return (await repo.insertYear(trx, input)).id;
  });
  return getYear(ctx, id);
}

export async function updateYear(ctx: AppContext, id: number, input: AcademicYearInput): Promise<AcademicYear> {
  await getYear(ctx, id);
  await assertLabelFree(ctx, input.label, id);
  await withTransaction(ctx.db, async (trx) => {
    if (input.is_current === 1) await repo.clearCurrent(trx, id);
    await repo.updateYear(trx, id, input);
  });
  return getYear(ctx, id);
}

export async function deleteYear(ctx: AppContext, id: number): Promise<AcademicYear> {
  const year = await getYear(ctx, id);
  const enrolled = await repo.countEnrolmentsInYear(ctx.db, id);
  const courses = year.courses_count ?? 0;
  if (enrolled > 0 || courses > 0) {
    const uses = [
      enrolled > 0 ? `${enrolled} étudiant${enrolled > 1 ? 's y sont inscrits' : ' y est inscrit'}` : null,
      courses > 0 ? `${courses} cours y ${courses > 1 ? 'sont rattachés' : 'est rattaché'}` : null,
    ].filter(Boolean);
    throw conflict(
      `Impossible de supprimer l’année ${year.label} : ${uses.join(' et ')}. ${enrolled > 0 ? "Changez d’abord leur inscription." : "Changez d’abord l’année de ces cours."}`,
    );
  }
  await repo.deleteYear(ctx.db, id);
  return year;
}
