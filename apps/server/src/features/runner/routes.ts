// Code helpers (docs/api.md: code runs): run Python or R, compare two maths expressions. Staff only (/api/admin).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compareMathEnvelopeSchema, compareMathSchema, execCodeSchema, execResultEnvelopeSchema, VERDICT_LABELS, type Language } from '@exam/shared';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/responses';
import { compareMath, execCode, PRACTICE_LIMITS } from './service';

export async function runnerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const exec = (language: Language) => async (req: { body: { code: string; stdin: string; expected_output?: string }; user: { id: number } | null }) => {
    const result = await execCode(app.ctx, req.user!.id, {
      language,
      code: req.body.code,
      stdin: req.body.stdin,
      expectedOutput: req.body.expected_output,
    });
    return ok({ ...result, limits: PRACTICE_LIMITS }, VERDICT_LABELS[result.verdict], result.verdict === 'OK' ? 'success' : 'warn');
  };
  r.post(
    '/api/admin/python/exec-python-code',
    { schema: { tags: ['Exécution de code'], summary: 'Exécuter un programme Python 3', body: execCodeSchema, response: replies(execResultEnvelopeSchema, 429) } },
    exec('PYTHON'),
  );
  r.post(
    '/api/admin/python/exec-r-code',
    { schema: { tags: ['Exécution de code'], summary: 'Exécuter un programme R', body: execCodeSchema, response: replies(execResultEnvelopeSchema, 429) } },
    exec('R'),
  );
  r.post(
    '/api/admin/python/compare-math-expression',
    { schema: { tags: ['Exécution de code'], summary: 'Comparer deux expressions mathématiques', body: compareMathSchema, response: replies(compareMathEnvelopeSchema, 429) } },
    async (req) => {
      const result = await compareMath(app.ctx, req.user!.id, req.body.expression, req.body.expected);
      return ok(result, result.equal ? 'Les expressions sont équivalentes.' : 'Les expressions ne sont pas équivalentes.');
    },
  );
}
