// Session and profile routes (docs/api.md: session and profile); every signed-in role may use them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyEnvelopeSchema, loginEnvelopeSchema, loginSchema, updateProfileSchema, userEnvelopeSchema } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { login, logout, logoutEverywhere, updateProfile } from './service';
import { toPublicUser } from './repository';

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users/login',
    { config: { access: 'public' }, schema: { tags: ['Session'], summary: 'Connexion', body: loginSchema, response: replies(loginEnvelopeSchema, 401, 429) } },
    async (req) => {
      // During the rush of an exam start a sign-in may wait its turn for hashing (lib/hash-pool.ts) longer than the
      // idle-socket timeout (30 s): its connection stays open meanwhile (the queue bounds how many wait; once
      // answered, the socket is back under the keep-alive timeout).
      req.raw.socket?.setTimeout?.(0);
      return ok(await login(app.ctx, req.body, req.ip), 'Connexion réussie.');
    },
  );

  app.post(
    '/api/admin/users/logout',
    { config: { access: 'user' }, schema: { tags: ['Session'], summary: 'Déconnexion', response: replies(emptyEnvelopeSchema) } },
    async (req) => {
      await logout(app.ctx, req.user!.id, req.tokenHash!);
      return ok(null, 'Déconnexion réussie.');
    },
  );

  app.post(
    '/api/admin/users/logout-all',
    { config: { access: 'user' }, schema: { tags: ['Session'], summary: 'Se déconnecter partout (toutes les sessions, celle-ci comprise)', response: replies(emptyEnvelopeSchema) } },
    async (req) => {
      await logoutEverywhere(app.ctx, req.user!.id);
      return ok(null, 'Vous êtes déconnecté de tous vos appareils.');
    },
  );

  app.get(
    '/api/admin/users/profile',
    { config: { access: 'user' }, schema: { tags: ['Session'], summary: 'Profil de l’utilisateur connecté', response: replies(userEnvelopeSchema) } },
    async (req) => ok(toPublicUser(req.user!), 'Profil chargé.'),
  );

  app.put(
    '/api/admin/users/update-profil',
    { config: { access: 'user' }, schema: { tags: ['Session'], summary: 'Mise à jour du profil', body: updateProfileSchema, response: replies(userEnvelopeSchema, 409) } },
    async (req) => ok(await updateProfile(app.ctx, req.user!.id, req.body, req.tokenHash), 'Votre profil a été mis à jour.'),
  );
}
