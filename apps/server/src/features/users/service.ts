// Rules of users and students: who may manage whom, unique email and student number, a student's
// year and parcours, the first password, premium.
import { randomInt } from 'node:crypto';
import type { AccommodationReason, Role, UserCreated, UserInput, UserListItem } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import type { SessionUser } from '../../lib/session-user';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import { hashPassword } from '../../lib/password';
import { hashGeneratedPassword } from './generated-password';
import { revokeUserTokens } from '../auth';
import * as repo from './repository';

const TEACHER_ONLY_STUDENTS = 'Un enseignant ne peut gérer que des comptes étudiants.';

/** Teachers manage students only; they can never create or promote an admin or a teacher. */
function assertMayManage(actor: SessionUser, targetRole: Role | undefined, newRole?: Role) {
  if (actor.role === 'ADMIN') return;
  if ((targetRole && targetRole !== 'STUDENT') || (newRole && newRole !== 'STUDENT')) throw forbidden(TEACHER_ONLY_STUDENTS);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A 14-character first password (about 81 bits), easy to read aloud: no 0/O, 1/l/I. */
export function generatePassword(): string {
  let s = '';
  for (let i = 0; i < 14; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

async function checkStudentFields(ctx: AppContext, input: UserInput) {
  const errors: Record<string, string[]> = {};
  if (input.academic_year_id && !(await repo.yearExists(ctx.db, input.academic_year_id))) {
    errors.academic_year_id = ["L’année universitaire choisie n’existe pas."];
  }
  const ids = [...new Set(input.specialization_ids ?? [])];
  const found = await repo.existingSpecializationIds(ctx.db, ids);
  if (found.length !== ids.length) errors.specialization_ids = ["Un des parcours choisis n’existe pas."];
  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0][0]);
}

async function checkUnique(ctx: AppContext, input: UserInput, exceptId?: number) {
  // Both checks run, so a form with both a used email and a used student number hears of both at once.
  const emailTaken = await repo.emailTaken(ctx.db, input.email, exceptId);
  const numberTaken =
    input.role === 'STUDENT' && !!input.student_number && (await repo.studentNumberTaken(ctx.db, input.student_number, exceptId));
  const errors: Record<string, string[]> = {};
  if (emailTaken) errors.email = ['Cette adresse e-mail est déjà utilisée.'];
  if (numberTaken) errors.student_number = [`Le numéro d’étudiant ${input.student_number} est déjà attribué.`];
  const messages = Object.values(errors).map((m) => m[0]);
  if (messages.length) throw conflict(messages.join(' '), errors);
}

export async function getUser(ctx: AppContext, actor: SessionUser, id: number): Promise<UserListItem> {
  const u = await repo.findUserItem(ctx.db, id);
  if (!u) throw notFound("Cet utilisateur n’existe pas.");
  assertMayManage(actor, u.role);
  return u;
}

/**
 * The accommodations written for a user: a student's as given (on update, absent ones are left as they are); a factor
 * above 1 given without a reason is a tiers-temps, a factor back to 1 without a reason ends a tiers-temps; a staff
 * account has none. `current`: the reason stored so far (null on creation).
 */
function accommodationsOf(student: boolean, input: UserInput, current: AccommodationReason | null) {
  if (!student) return { accommodation_reason: null, separate_room: 0, large_text: 0 };
  const factor = input.extra_time_factor;
  let reason: AccommodationReason | null | undefined = input.accommodation_reason;
  if (reason === undefined && factor !== undefined) {
    if (factor > 1) reason = current ?? 'TIERS_TEMPS';
    else if (current === 'TIERS_TEMPS') reason = null;
  }
  return {
    ...(reason !== undefined ? { accommodation_reason: reason } : {}),
    ...(input.separate_room !== undefined ? { separate_room: input.separate_room } : {}),
    ...(input.large_text !== undefined ? { large_text: input.large_text } : {}),
  };
}

export async function createUser(ctx: AppContext, actor: SessionUser, input: UserInput): Promise<UserCreated> {
  assertMayManage(actor, undefined, input.role);
  await checkUnique(ctx, input);
  const student = input.role === 'STUDENT';
  if (student) await checkStudentFields(ctx, input);
  const generated = input.password ? undefined : generatePassword();
  const passwordHash = generated ? await hashGeneratedPassword(generated) : await hashPassword(input.password as string);
  const id = await withTransaction(ctx.db, async (trx) => {
    const { id } = await repo.insertUser(trx, {
      last_name: input.last_name,
      first_name: input.first_name,
      email: input.email,
      password_hash: passwordHash,
      role: input.role,
      is_premium: student ? (input.is_premium ?? 0) : 0,
      student_number: student ? input.student_number || null : null,
      extra_time_factor: student ? (input.extra_time_factor ?? 1) : 1,
      ...accommodationsOf(student, input, null),
      must_change_password: generated ? 1 : 0,
    });
    if (student) await repo.setEnrolments(trx, id, input.academic_year_id!, input.specialization_ids ?? []);
    return id;
  });
  const user = (await repo.findUserItem(ctx.db, id))!;
  return generated ? { ...user, generated_password: generated } : user;
}

export async function updateUser(ctx: AppContext, actor: SessionUser, id: number, input: UserInput): Promise<UserListItem> {
  const current = await repo.findUserBasic(ctx.db, id);
  if (!current) throw notFound("Cet utilisateur n’existe pas.");
  assertMayManage(actor, current.role, input.role);
  if (current.role !== input.role) {
    if (id === actor.id) throw conflict('Vous ne pouvez pas changer votre propre rôle.', { role: ['Vous ne pouvez pas changer votre propre rôle.'] });
    if (current.role === 'ADMIN' && (await repo.countAdmins(ctx.db)) <= 1) {
      throw conflict('Il doit rester au moins un administrateur.', { role: ['Il doit rester au moins un administrateur.'] });
    }
  }
  await checkUnique(ctx, input, id);
  const student = input.role === 'STUDENT';
  if (student) await checkStudentFields(ctx, input);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await withTransaction(ctx.db, async (trx) => {
    await repo.updateUser(trx, id, {
      last_name: input.last_name,
      first_name: input.first_name,
      email: input.email,
      role: input.role,
      student_number: student ? input.student_number || null : null,
      ...(student ? (input.is_premium !== undefined ? { is_premium: input.is_premium } : {}) : { is_premium: 0 }),
      // Tiers-temps is a student's: absent leaves it as it is, a staff account keeps 1.
      ...(student ? (input.extra_time_factor !== undefined ? { extra_time_factor: input.extra_time_factor } : {}) : { extra_time_factor: 1 }),
      ...accommodationsOf(student, input, current.accommodation_reason),
      ...(passwordHash ? { password_hash: passwordHash, must_change_password: 0 } : {}),
    });
    if (student) await repo.setEnrolments(trx, id, input.academic_year_id!, input.specialization_ids ?? []);
    else await repo.clearEnrolments(trx, id);
    // A password reset by someone else ends every session of the user (one's own goes through update-profil).
    if (passwordHash && id !== actor.id) await revokeUserTokens(trx, id);
  });
  return (await repo.findUserItem(ctx.db, id))!;
}

export async function deleteUser(ctx: AppContext, actor: SessionUser, id: number) {
  const current = await repo.findUserBasic(ctx.db, id);
  if (!current) throw notFound("Cet utilisateur n’existe pas.");
  assertMayManage(actor, current.role);
  if (id === actor.id) throw conflict('Vous ne pouvez pas supprimer votre propre compte.');
  if (current.role === 'ADMIN' && (await repo.countAdmins(ctx.db)) <= 1) throw conflict('Il doit rester au moins un administrateur.');
  await repo.deleteUser(ctx.db, id);
  return current;
}

export async function togglePremium(ctx: AppContext, id: number) {
  const current = await repo.findUserBasic(ctx.db, id);
  if (!current) throw notFound("Cet étudiant n’existe pas.");
  if (current.role !== 'STUDENT') throw unprocessable({ is_premium: ['Seul un étudiant peut être premium.'] }, 'Seul un étudiant peut être premium.');
  const row = await repo.togglePremium(ctx.db, id);
  if (!row) throw notFound("Cet étudiant n’existe pas.");
  const name = `${row.first_name} ${row.last_name}`;
  return {
    is_premium: row.is_premium ? 1 : 0,
    message: row.is_premium ? `L’étudiant ${name} est maintenant premium.` : `L’étudiant ${name} n’est plus premium.`,
  } as const;
}
