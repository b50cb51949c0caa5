// The conformity state the footer of every page shows (« Accessibilité : … »). Only this field of the audit record
// docs/accessibilite.json is bundled with every page (a named import keeps the rest out; the statement's page reads
// the whole record as its own text, accessibility-audit.ts). A test checks that it is the state the RGAA's rule gives
// from the audit's criteria (accessibility-audit.test.ts).
import { etat } from '../../../../docs/accessibilite.json';

export const conformityState: string = etat;
