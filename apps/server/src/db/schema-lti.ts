// Table types of LTI 1.3 (migrations 026-lti and 027-lti-link-members); what each holds and how long: docs/lti.md.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<number, number | string, number | string>;
type Jsonb<T> = ColumnType<T, string | undefined, string>;

export interface LtiPlatformsTable {
  id: Generated<number>;
  name: string;
  issuer: string;
  client_id: string;
  jwks_url: string;
  auth_login_url: string;
  token_url: string;
  audience: string | null;
  registered_by: 'MANUAL' | 'DYNAMIC';
  role_map: Jsonb<Record<string, 'TEACHER' | 'STUDENT'>>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface LtiDeploymentsTable {
  platform_id: number;
  deployment_id: string;
}

export interface LtiKeysTable {
  kid: string;
  public_jwk: Jsonb<Record<string, unknown>>;
  private_jwk: Jsonb<Record<string, unknown>>;
  created_at: Generated<Timestamp>;
  retired_at: Timestamp | null;
}

export interface LtiRegistrationTicketsTable {
  token_hash: string;
  name: string;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  platform_id: number | null;
}

export interface LtiLaunchStatesTable {
  state_hash: string;
  platform_id: number;
  nonce: string;
  expires_at: Timestamp;
}

export interface LtiNoncesTable {
  platform_id: number;
  nonce: string;
  expires_at: Timestamp;
}

export interface LtiUserLinksTable {
  platform_id: number;
  subject: string;
  user_id: number;
  created_at: Generated<Timestamp>;
  last_launch_at: Generated<Timestamp>;
}

export interface LtiContextsTable {
  id: Generated<number>;
  platform_id: number;
  context_id: string;
  title: ColumnType<string, string | undefined, string>;
  label: ColumnType<string, string | undefined, string>;
  memberships_url: string | null;
  updated_at: Generated<Timestamp>;
}

export interface LtiResourceLinksTable {
  id: Generated<number>;
  platform_id: number;
  context_pk: number | null;
  resource_link_id: string;
  deployment_id: string;
  title: ColumnType<string, string | undefined, string>;
  exam_id: number | null;
  course_id: number | null;
  lineitems_url: string | null;
  lineitem_url: string | null;
  ags_scopes: Jsonb<string[]>;
  updated_at: Generated<Timestamp>;
}

export interface LtiDeepLinkRequestsTable {
  token_hash: string;
  platform_id: number;
  deployment_id: string;
  user_id: number;
  return_url: string;
  data: string | null;
  expires_at: Timestamp;
}

export interface LtiHandoffsTable {
  code_hash: string;
  user_id: number;
  target: string;
  expires_at: Timestamp;
}

export interface LtiGradesTable {
  id: Generated<number>;
  resource_link_pk: number;
  user_id: number;
  /** Null: the attempt's score is no longer final (a mark withdrawn); the platform is told the grade awaits correction. */
  score_given: ColumnType<number | null, number | string | null, number | string | null>;
  score_maximum: Numeric;
  sent_score: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  sent_maximum: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  state: ColumnType<'PENDING' | 'SENT' | 'FAILED', 'PENDING' | 'SENT' | 'FAILED' | undefined, 'PENDING' | 'SENT' | 'FAILED'>;
  tries: ColumnType<number, number | undefined, number>;
  next_try_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  sent_at: Timestamp | null;
  updated_at: Generated<Timestamp>;
}

export interface LtiLinkMembersTable {
  resource_link_pk: number;
  user_id: number;
  first_launch_at: Generated<Timestamp>;
}

export interface LtiDatabase {
  lti_platforms: LtiPlatformsTable;
  lti_deployments: LtiDeploymentsTable;
  lti_keys: LtiKeysTable;
  lti_registration_tickets: LtiRegistrationTicketsTable;
  lti_launch_states: LtiLaunchStatesTable;
  lti_nonces: LtiNoncesTable;
  lti_user_links: LtiUserLinksTable;
  lti_contexts: LtiContextsTable;
  lti_resource_links: LtiResourceLinksTable;
  lti_deep_link_requests: LtiDeepLinkRequestsTable;
  lti_handoffs: LtiHandoffsTable;
  lti_grades: LtiGradesTable;
  lti_link_members: LtiLinkMembersTable;
}
