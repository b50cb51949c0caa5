// French texts of the rubric and the annotations on the « Correction » screen (docs/correction-humaine.md).
const fr = (n: number) => n.toLocaleString('fr-FR');
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const rubricGradingTexts = {
  rubric: 'Grille de critères',
  settleKeys: 'Clavier : les touches 1 à 9 choisissent le niveau du critère où se trouve le focus puis passent au critère suivant ; les flèches changent de niveau ; Entrée tranche.',
  rubricKeys:
    'Clavier : les touches 1 à 9 choisissent le niveau du critère où se trouve le focus puis passent au critère suivant ; les flèches changent de niveau ; Tab et Maj + Tab passent d’un critère à l’autre ; Entrée enregistre et passe à la copie suivante.',
  level: (n: number, label: string, points: number) => `${n}. ${label} (${fr(points)} pt${points > 1 ? 's' : ''})`,
  typed: (max: number) => `Ou points saisis (0 à ${fr(max)})`,
  typedRange: (title: string, max: number) => `Les points de « ${title} » vont de 0 à ${fr(max)}.`,
  total: (raw: number, max: number, points: number, questionMax: number) =>
    raw === points && max === questionMax ? `Total de la grille : ${fr(raw)} sur ${fr(max)}.` : `Total de la grille : ${fr(raw)} sur ${fr(max)}, soit ${fr(points)} sur ${fr(questionMax)} pour la question.`,
  incomplete: (titles: string[]) => `Choisissez un niveau pour chaque critère (reste : ${titles.join(', ')}).`,
  changedTitle: 'Le barème de la question a été modifié',
  changedText:
    'La question a été modifiée depuis la publication de l’examen et sa grille de critères n’est plus celle qui note ces copies. L’appliquer re-note chaque copie notée avec la grille (mêmes critères et niveaux retrouvés), recalcule les notes et l’inscrit au journal de chaque copie.',
  apply: 'Appliquer le barème modifié',
  // Annotations
  annotations: 'Annotations',
  annotateHint: 'Sélectionnez un passage dans le texte ci-dessous (à la souris, ou au clavier : Maj + flèches), écrivez un commentaire puis « Annoter la sélection ».',
  source: 'Texte de la réponse (lecture seule : sélectionnez-y un passage)',
  selection: (quote: string) => `Passage sélectionné : « ${quote.length > 80 ? `${quote.slice(0, 80)}…` : quote} »`,
  noSelection: 'Aucun passage sélectionné.',
  annotationComment: 'Commentaire de l’annotation',
  annotate: 'Annoter la sélection',
  selectFirst: 'Sélectionnez d’abord un passage de la réponse.',
  commentFirst: 'Écrivez le commentaire de l’annotation.',
  remove: (n: number) => `Supprimer l’annotation ${n}`,
  count: (n: number) => (n === 0 ? 'Aucune annotation.' : `${plural(n, 'annotation', 'annotations')} (enregistrée${n > 1 ? 's' : ''} avec la note).`),
  preview: 'Copie annotée (telle que l’étudiant la verra avec sa note)',
};
