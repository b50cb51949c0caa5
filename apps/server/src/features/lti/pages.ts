// The HTML pages of the LTI protocol routes (a browser arrives there from the platform, not from the web app):
// a refusal saying what failed, a form sent on to the platform, the teacher's picker. French, labelled, usable
// with the keyboard; the only script is /lti/autosubmit.js, from our origin (the CSP allows no inline script).
import type { FastifyReply } from 'fastify';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}
h1{font-size:1.5rem}fieldset{border:1px solid #868e96;border-radius:4px;margin:0 0 1rem;padding:.5rem 1rem}
legend{font-weight:600}label{display:block;padding:.35rem 0}button{font:inherit;padding:.5rem 1rem;background:#1864ab;color:#fff;border:0;border-radius:4px;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f08c00;outline-offset:2px}.why{background:#fff5f5;border-left:4px solid #c92a2a;padding:.5rem 1rem}`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** A refused launch, registration or pick: what failed, in French, and nothing was created. */
export function sendRefusal(reply: FastifyReply, status: number, reason: string): FastifyReply {
  const body = `<h1>Connexion depuis la plateforme refusée</h1>
<p class="why" role="alert">${escapeHtml(reason)}</p>
<p>Aucun compte ni aucune donnée n’a été créé. Revenez à votre plateforme de cours et réessayez ; si le problème persiste, transmettez ce message à l’administrateur de la plateforme.</p>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page('Connexion refusée', body));
}

/** A form posted on to another site at once by /lti/autosubmit.js (or by its button without script). */
export function sendAutoPost(reply: FastifyReply, action: string, fields: Record<string, string>, title: string): FastifyReply {
  const origin = new URL(action).origin;
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const body = `<h1>${escapeHtml(title)}</h1><form method="post" action="${escapeHtml(action)}" data-autosubmit>${inputs}
<p>Retour à votre plateforme de cours…</p><button type="submit">Continuer</button></form><script src="/lti/autosubmit.js"></script>`;
  return reply
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; form-action ${origin}; frame-ancestors 'none'; base-uri 'none'`)
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

export const AUTOSUBMIT_JS = `document.querySelectorAll('form[data-autosubmit]').forEach(function (f) { f.submit(); });
var c = document.querySelector('[data-lti-close]');
if (c) { var m = { subject: 'org.imsglobal.lti.close' }; (window.opener || window.parent).postMessage(m, '*'); }
`;
