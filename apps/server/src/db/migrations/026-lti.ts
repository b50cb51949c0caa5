// LTI 1.3 Advantage: the platforms (Moodle…) that may launch the tool, the tool's own signing keys, the one-use
// values of a launch (OIDC states, nonces, session hand-offs, deep-linking requests, registration tickets), the
// people, courses and activities a platform sent, and the grades waiting to go back. How long each is kept:
// docs/lti.md.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lti_platforms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('jwks_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('auth_login_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('token_url', 'varchar(1000)', (c) => c.notNull())
    // The `aud` of the client assertion sent to the token URL (null: the token URL itself).
    .addColumn('audience', 'varchar(1000)')
    .addColumn('registered_by', 'varchar(10)', (c) => c.notNull().check(sql`registered_by in ('MANUAL', 'DYNAMIC')`))
    // Platform roles (LIS URIs) read as teacher or student beyond the built-in mapping: { "<role uri>": "TEACHER" }.
    .addColumn('role_map', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_platforms_issuer_client', ['issuer', 'client_id'])
    .execute();

  await db.schema
    .createTable('lti_deployments')
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_deployments_pk', ['platform_id', 'deployment_id'])
    .execute();

  // The tool's RSA keys. The newest one not retired signs; a retired one stays published (JWKS) for a while so that a
  // message signed just before the rotation is still checked by the platform, then is deleted.
  await db.schema
    .createTable('lti_keys')
    .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();

  // A single-use link an administrator gives a platform for LTI Dynamic Registration.
  await db.schema
    .createTable('lti_registration_tickets')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('platform_id', 'integer', (c) => c.references('lti_platforms.id').onDelete('set null'))
    .execute();

  // OIDC login initiation → launch: the state (also in a cookie of the browser) and the nonce it asked for.
  await db.schema
    .createTable('lti_launch_states')
    .addColumn('state_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_launch_states_expires_idx').on('lti_launch_states').column('expires_at').execute();

  // Nonces of accepted id tokens, kept until the token they came in has expired: a replay is refused.
  await db.schema
    .createTable('lti_nonces')
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('nonce', 'varchar(255)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_nonces_pk', ['platform_id', 'nonce'])
    .execute();
  await db.schema.createIndex('lti_nonces_expires_idx').on('lti_nonces').column('expires_at').execute();

  // A launched person: (platform, subject) → user, never matched by a name or an e-mail.
  await db.schema
    .createTable('lti_user_links')
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_launch_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lti_user_links_pk', ['platform_id', 'subject'])
    .execute();
  await db.schema.createIndex('lti_user_links_user_idx').on('lti_user_links').column('user_id').execute();

  // A course of the platform (the `context` claim), with its class list service when it gives one.
  await db.schema
    .createTable('lti_contexts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('context_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('memberships_url', 'varchar(1000)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_contexts_platform_context', ['platform_id', 'context_id'])
    .execute();

  // An activity of a platform's course, bound to an exam or to a course's practice, with its line item.
  await db.schema
    .createTable('lti_resource_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('context_pk', 'integer', (c) => c.references('lti_contexts.id').onDelete('set null'))
    .addColumn('resource_link_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('exam_id', 'integer', (c) => c.references('exams.id').onDelete('set null'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('lineitems_url', 'varchar(1000)')
    .addColumn('lineitem_url', 'varchar(1000)')
    .addColumn('ags_scopes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_resource_links_platform_link', ['platform_id', 'resource_link_id'])
    .execute();
  await db.schema.createIndex('lti_resource_links_exam_idx').on('lti_resource_links').column('exam_id').execute();

  // A deep-linking request waiting for the teacher's pick (bound to the teacher and to a cookie of their browser).
  await db.schema
    .createTable('lti_deep_link_requests')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('return_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // A launched person's way into the web app: a one-use code, exchanged within a minute for a session token.
  await db.schema
    .createTable('lti_handoffs')
    .addColumn('code_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', 'varchar(300)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Grades going back to a line item: one row per activity and person, holding the score wanted and the one sent.
  await db.schema
    .createTable('lti_grades')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('resource_link_pk', 'integer', (c) => c.notNull().references('lti_resource_links.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score_given', sql`numeric(10,2)`, (c) => c.notNull())
    .addColumn('score_maximum', sql`numeric(10,2)`, (c) => c.notNull())
    .addColumn('sent_score', sql`numeric(10,2)`)
    .addColumn('sent_maximum', sql`numeric(10,2)`)
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('PENDING').check(sql`state in ('PENDING', 'SENT', 'FAILED')`))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_try_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_grades_link_user', ['resource_link_pk', 'user_id'])
    .execute();
  await db.schema.createIndex('lti_grades_due_idx').on('lti_grades').columns(['state', 'next_try_at']).execute();
}
