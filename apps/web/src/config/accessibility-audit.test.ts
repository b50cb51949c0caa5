import { describe, expect, it } from 'vitest';
import { audit, conformity, conformityOf } from './accessibility-audit';
import { conformityState } from './accessibility-state';

describe('the accessibility audit record', () => {
  it('states in the footer what the RGAA’s rule gives from its criteria', () => {
    expect(conformityState).toBe(conformity.state);
  });

  it('applies the RGAA’s rule: not compliant while the audit is incomplete or under 50 %, partially, then totally', () => {
    const c = (statuts: Array<'C' | 'NC' | 'NA'>) => statuts.map((statut, i) => ({ id: String(i), statut, note: '' }));
    expect(conformityOf({ criteres: c(['C', 'C', 'NA']), nombre_criteres_rgaa: 106 }).state).toBe('non conforme');
    expect(conformityOf({ criteres: c(['C', 'NC', 'NC', 'NA']), nombre_criteres_rgaa: 4 }).state).toBe('non conforme');
    expect(conformityOf({ criteres: c(['C', 'C', 'NC', 'NA']), nombre_criteres_rgaa: 4 }).state).toBe('partiellement conforme');
    expect(conformityOf({ criteres: c(['C', 'C', 'C', 'NA']), nombre_criteres_rgaa: 4 }).state).toBe('totalement conforme');
  });

  it('holds what the statement needs: a date, a method, pages, a contact', () => {
    expect(audit.audit.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(audit.audit.methode).toContain('axe-core');
    expect(audit.audit.pages.length).toBeGreaterThan(0);
    expect(audit.contact.email).toContain('@');
    for (const c of audit.criteres) expect(['C', 'NC', 'NA']).toContain(c.statut);
  });
});
