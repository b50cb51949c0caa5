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
