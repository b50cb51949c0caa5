// French texts of the ESSAY kind (réponse rédigée): its answer input, its views, its editor fields.
export const essayTexts = {
  yourAnswer: 'Votre réponse',
  answerHint: 'Écrivez votre réponse ; une formule s’écrit entre \\( et \\) ou avec « Insérer une formule ».',
  insertMath: 'Insérer une formule',
  words: (n: number, limit: number | null) => (limit === null ? `${n} mot${n > 1 ? 's' : ''}` : `${n} mot${n > 1 ? 's' : ''} sur ${limit} au plus`),
  pending: 'En attente de correction',
  pendingHint: 'Cette réponse sera corrigée par une personne : sa note s’affichera ici une fois corrigée.',
  graded: 'Corrigée par une personne',
  comment: (c: string) => `Commentaire du correcteur : ${c}`,
  noText: '(réponse vide)',
  // Editor
  wordLimit: 'Limite de mots (facultative)',
  wordLimitHint: 'Laissée vide : pas de limite. Le nombre de mots est compté pendant la saisie ; au-delà, l’envoi est refusé.',
  template: 'Modèle de réponse (facultatif)',
  templateHint: 'Le texte dont la réponse part : un plan à compléter, un tableau à remplir.',
  graderInfo: 'Information pour les correcteurs (facultative)',
  graderInfoHint: 'Barème, éléments attendus : visible des seuls correcteurs, jamais des étudiants.',
  noVariant: 'Corrigée par une personne : aucune réponse attendue à vérifier.',
};

/** The rubric's texts: its editor and what a student reads of it with their mark. */
export const rubricTexts = {
  use: 'Corriger avec une grille de critères',
  useHint: 'Des critères, chacun avec ses niveaux et leurs points : le correcteur choisit un niveau par critère (touches 1 à 9). Le total de la grille est ramené aux points de la question dans chaque examen.',
  criterion: (i: number) => `Critère ${i + 1}`,
  criterionTitle: 'Titre du critère',
  criterionDescription: 'Description du critère (facultative)',
  criterionUp: (i: number) => `Monter le critère ${i + 1}`,
  criterionDown: (i: number) => `Descendre le critère ${i + 1}`,
  criterionRemove: (i: number) => `Supprimer le critère ${i + 1}`,
  addCriterion: 'Ajouter un critère',
  levels: 'Niveaux (du plus faible au meilleur, touches 1 à 9 à la correction)',
  level: (ci: number, li: number) => `Critère ${ci + 1}, niveau ${li + 1}`,
  levelLabel: (li: number) => `Niveau ${li + 1} : libellé`,
  levelPoints: 'Points',
  levelPointsRequired: 'Indiquez les points du niveau (un nombre, 0 compris).',
  levelDescription: 'Description (facultative)',
  levelUp: (ci: number, li: number) => `Monter le niveau ${li + 1} du critère ${ci + 1}`,
  levelDown: (ci: number, li: number) => `Descendre le niveau ${li + 1} du critère ${ci + 1}`,
  levelRemove: (ci: number, li: number) => `Supprimer le niveau ${li + 1} du critère ${ci + 1}`,
  addLevel: (ci: number) => `Ajouter un niveau au critère ${ci + 1}`,
  total: (n: number) => `Total de la grille : ${n.toLocaleString('fr-FR')} point${n > 1 ? 's' : ''} (le meilleur niveau de chaque critère), ramené aux points de la question dans l’examen.`,
  freePoints: 'Permettre au correcteur de saisir les points d’un critère',
  freePointsHint: 'Au lieu de choisir un niveau, le correcteur tape les points du critère (de 0 à son meilleur niveau).',
  // Student
  levelsTitle: 'Grille de critères',
  levelChosen: (criterion: string, level: string | null, points: number, max: number) =>
    `${criterion} : ${level ? `${level}, ` : ''}${points.toLocaleString('fr-FR')} sur ${max.toLocaleString('fr-FR')}`,
  annotationsTitle: 'Votre copie annotée',
  annotationsHint: 'Les passages commentés par le correcteur sont surlignés et numérotés ; les commentaires suivent, avec le même numéro.',
  annotationNumber: (n: number) => `[${n}]`,
  annotationItem: (n: number, quote: string) => `Annotation ${n}, sur « ${quote} »`,
};

