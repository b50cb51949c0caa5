// Reads and writes of the registered platforms and their deployments.
import { sql } from 'kysely';
import type { LtiPlatform, LtiPlatformInput } from '@exam/shared';
import type { Db } from '../../db/schema';

export interface PlatformRow {
  id: number;
  name: string;
  issuer: string;
  client_id: string;
  jwks_url: string;
  auth_login_url: string;
  token_url: string;
  audience: string | null;
  role_map: Record<string, 'TEACHER' | 'STUDENT'>;
}

const PLATFORM_COLUMNS = ['id', 'name', 'issuer', 'client_id', 'jwks_url', 'auth_login_url', 'token_url', 'audience', 'role_map'] as const;

export async function findPlatform(db: Db, id: number): Promise<PlatformRow | undefined> {
  return (await db.selectFrom('lti_platforms').select(PLATFORM_COLUMNS).where('id', '=', id).executeTakeFirst()) as PlatformRow | undefined;
}

/** The platforms of an issuer (one per client id it registered the tool under). */
export async function platformsOfIssuer(db: Db, issuer: string): Promise<PlatformRow[]> {
  return (await db.selectFrom('lti_platforms').select(PLATFORM_COLUMNS).where('issuer', '=', issuer).orderBy('id').execute()) as PlatformRow[];
}

export async function hasDeployment(db: Db, platformId: number, deploymentId: string): Promise<boolean> {
  const row = await db.selectFrom('lti_deployments').select('platform_id').where('platform_id', '=', platformId).where('deployment_id', '=', deploymentId).executeTakeFirst();
  return !!row;
}

export async function listPlatforms(db: Db): Promise<LtiPlatform[]> {
  const rows = await db
    .selectFrom('lti_platforms as p')
    .select([...PLATFORM_COLUMNS.map((c) => `p.${c}` as const), 'p.registered_by', 'p.created_at'])
    .select(sql<string[]>`coalesce((select json_agg(d.deployment_id order by d.deployment_id) from lti_deployments d where d.platform_id = p.id), '[]'::json)`.as('deployment_ids'))
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ ...r, role_map: r.role_map as LtiPlatform['role_map'], created_at: new Date(r.created_at as unknown as string).toISOString() }));
}

/** Creates or updates a platform and sets its deployments (in the caller's transaction). */
export async function savePlatform(trx: Db, input: LtiPlatformInput, registeredBy: 'MANUAL' | 'DYNAMIC', id?: number): Promise<number> {
  const values = {
    name: input.name,
    issuer: input.issuer,
    client_id: input.client_id,
    jwks_url: input.jwks_url,
    auth_login_url: input.auth_login_url,
    token_url: input.token_url,
    audience: input.audience ?? null,
    role_map: JSON.stringify(input.role_map ?? {}),
  };
  let platformId: number;
  if (id === undefined) {
    platformId = (await trx.insertInto('lti_platforms').values({ ...values, registered_by: registeredBy }).returning('id').executeTakeFirstOrThrow()).id;
  } else {
    await trx.updateTable('lti_platforms').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).execute();
    await trx.deleteFrom('lti_deployments').where('platform_id', '=', id).execute();
    platformId = id;
  }
  const ids = [...new Set(input.deployment_ids)];
  if (ids.length) await trx.insertInto('lti_deployments').values(ids.map((d) => ({ platform_id: platformId, deployment_id: d }))).execute();
  return platformId;
}

export async function issuerClientTaken(db: Db, issuer: string, clientId: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('lti_platforms').select('id').where('issuer', '=', issuer).where('client_id', '=', clientId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function deletePlatform(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('lti_platforms').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Drops the one-use values past their time (states, nonces, hand-offs, deep-link requests, tickets a week old). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.deleteFrom('lti_launch_states').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.deleteFrom('lti_nonces').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.deleteFrom('lti_handoffs').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.deleteFrom('lti_deep_link_requests').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.deleteFrom('lti_registration_tickets').where('expires_at', '<', sql<Date>`now() - interval '7 days'`).execute();
}
