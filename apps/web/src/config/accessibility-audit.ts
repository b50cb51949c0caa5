// The accessibility statement's content, from the audit record kept in docs/accessibilite.json (read at build time,
// as text, into the statement's own chunk: the pages' entry carries only the footer's field, accessibility-state.ts):
// the conformity state follows the RGAA's rule from the audit's figures, never a word typed by hand.
import record from '../../../../docs/accessibilite.json?raw';

export type CriterionStatus = 'C' | 'NC' | 'NA';
export interface Criterion {
  id: string;
  statut: CriterionStatus;
  note: string;
}
export interface AuditRecord {
  entite: string;
  service: string;
  referentiel: string;
  nombre_criteres_rgaa: number;
  audit: { date: string; type: string; methode: string; outils: string[]; environnement: string[]; technologies: string[]; pages: string[] };
  criteres: Criterion[];
  non_conformites: string[];
  derogations: string[];
  hors_obligation: string[];
  contact: { texte: string; email: string; adresse: string };
}

export const audit = JSON.parse(record) as AuditRecord;

export type Conformity = 'totalement conforme' | 'partiellement conforme' | 'non conforme';

/**
 * The RGAA's rule: totally compliant when every applicable criterion is met, partially from 50 %, otherwise not
 * compliant — and not compliant while no complete audit exists (fewer criteria evaluated than the RGAA has).
 */
export function conformityOf(a: Pick<AuditRecord, 'criteres' | 'nombre_criteres_rgaa'>): { state: Conformity; rate: number; met: number; applicable: number; complete: boolean } {
  const applicable = a.criteres.filter((c) => c.statut !== 'NA').length;
  const met = a.criteres.filter((c) => c.statut === 'C').length;
  const rate = applicable === 0 ? 0 : Math.round((met / applicable) * 1000) / 10;
  const complete = a.criteres.length >= a.nombre_criteres_rgaa;
  const state: Conformity = !complete || rate < 50 ? 'non conforme' : rate === 100 ? 'totalement conforme' : 'partiellement conforme';
  return { state, rate, met, applicable, complete };
}

export const conformity = conformityOf(audit);
