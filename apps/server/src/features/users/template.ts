// The import template: an « Étudiants » sheet with only the French header row (nothing that would be
// imported by mistake), an "Instructions" sheet, and the parcours and years that exist today.
import { STUDENT_IMPORT_COLUMNS, STUDENT_IMPORT_MAX_ROWS } from '@exam/shared';
import type { AppContext } from '../../lib/context';

export async function buildImportTemplate(ctx: AppContext): Promise<Buffer> {
  const [specs, years] = await Promise.all([
    ctx.db
      .selectFrom('specializations as s')
      .innerJoin('mentions as m', 'm.id', 's.mention_id')
      .select(['s.code', 's.name', 's.level', 'm.name as mention'])
      .orderBy('m.name')
      .orderBy('s.level')
      .orderBy('s.name')
      .execute(),
    ctx.db.selectFrom('academic_years').select(['label', 'is_current']).orderBy('label', 'desc').execute(),
  ]);
  // exceljs is loaded on first use: most processes never need its memory.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  wb.creator = 'Plateforme d’examens';
  wb.created = new Date();

  const sheet = wb.addWorksheet('Étudiants', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [24, 24, 34, 18, 22, 20, 10, 12, 24, 14, 18];
  sheet.columns = STUDENT_IMPORT_COLUMNS.map((c, i) => ({ header: c.header, key: c.key, width: widths[i] }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1C7ED6' } };
  // Text format so that numbers such as 00123 keep their zeros.
  for (let c = 1; c <= STUDENT_IMPORT_COLUMNS.length; c++) sheet.getColumn(c).numFmt = '@';
  const col = (key: (typeof STUDENT_IMPORT_COLUMNS)[number]['key']) => STUDENT_IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1;
  const lists: Array<[number, string, string, string]> = [
    [col('is_premium'), '"Oui,Non"', 'Premium', 'Saisissez Oui ou Non.'],
    [col('accommodation_reason'), '"Tiers-temps,Autre aménagement"', 'Motif de l’aménagement', 'Choisissez Tiers-temps ou Autre aménagement (jamais le détail médical).'],
    [col('separate_room'), '"Oui,Non"', 'Salle à part', 'Saisissez Oui ou Non.'],
    [col('large_text'), '"Oui,Non"', 'Grands caractères', 'Saisissez Oui ou Non.'],
  ];
  for (let r = 2; r <= 1000; r++) {
    for (const [c, formula, errorTitle, error] of lists) {
      sheet.getCell(r, c).dataValidation = { type: 'list', allowBlank: true, formulae: [formula], showErrorMessage: true, errorTitle, error };
    }
  }

  const help = wb.addWorksheet('Instructions');
  help.getColumn(1).width = 110;
  const current = years.find((y) => y.is_current === 1)?.label;
  const lines: [string, boolean?][] = [
    ['Import des étudiants', true],
    [''],
    ['Remplissez la feuille « Étudiants » : une ligne par étudiant, sous la ligne d’en-tête (ne la modifiez pas).'],
    ['Colonnes obligatoires : Nom, Prénom, Adresse e-mail, Numéro étudiant, Code parcours.'],
    ['Code parcours : le code d’un parcours existant (voir la feuille « Parcours ») ; plusieurs codes se séparent par une virgule.'],
    [`Année universitaire : par exemple 2025-2026 ; laissée vide, l’année courante${current ? ` (${current})` : ''} est utilisée.`],
    ['Premium : Oui ou Non ; laissée vide, Non.'],
    ['Aménagements demandés par le service d’accueil (colonnes facultatives) :'],
    ['  Tiers-temps : le coefficient de durée des examens minutés, de 1 à 3 avec au plus deux décimales (par exemple 1,33) ; laissée vide, 1.'],
    ['  Motif de l’aménagement : Tiers-temps ou Autre aménagement ; une catégorie seulement, jamais le détail médical.'],
    ['  Salle à part : Oui si l’étudiant compose dans une salle à part (noté sur la page de surveillance) ; laissée vide, Non.'],
    ['  Grands caractères : Oui pour afficher la page d’examen en plus grands caractères ; laissée vide, Non.'],
    ['Chaque adresse e-mail et chaque numéro étudiant ne peut apparaître qu’une fois et ne doit pas déjà exister sur la plateforme.'],
    ['Ne fusionnez pas de cellules et saisissez des valeurs plutôt que des formules.'],
    [`Au plus ${STUDENT_IMPORT_MAX_ROWS.toLocaleString('fr-FR')} étudiants par fichier.`],
    [''],
    ['L’import est tout ou rien : si une ligne contient une erreur, aucun étudiant n’est créé et chaque ligne fautive est signalée avec son numéro.'],
    ['Après l’import, un fichier des identifiants (adresse e-mail et mot de passe provisoire) est proposé une seule fois au téléchargement.'],
    ['Chaque étudiant doit choisir un nouveau mot de passe à sa première connexion.'],
  ];
  lines.forEach(([text, bold], i) => {
    const cell = help.getCell(i + 1, 1);
    cell.value = text;
    if (bold) cell.font = { bold: true, size: 14 };
  });

  const ref = wb.addWorksheet('Parcours');
  ref.columns = [
    { header: 'Code parcours', key: 'code', width: 18 },
    { header: 'Parcours', key: 'name', width: 34 },
    { header: 'Niveau', key: 'level', width: 10 },
    { header: 'Mention', key: 'mention', width: 30 },
  ];
  ref.getRow(1).font = { bold: true };
  for (const s of specs) ref.addRow(s);
  ref.addRow({});
  ref.addRow({ code: 'Années universitaires' }).font = { bold: true };
  for (const y of years) ref.addRow({ code: y.label, name: y.is_current ? 'année courante' : '' });

  return Buffer.from(await wb.xlsx.writeBuffer());
}
