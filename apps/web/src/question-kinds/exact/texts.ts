// French texts of the EXACT kind: its answer input, its solution, its editor fields.
export const exactTexts = {
  yourAnswer: 'Votre réponse',
  accepted: 'Réponses acceptées',
  // Editor
  answers: 'Réponses acceptées',
  answersHint: 'Majuscules, accents et espaces ne comptent pas ; « 3,14 » vaut « 3.14 ».',
  answer: (i: number) => `Réponse acceptée ${i + 1}`,
  addAnswer: 'Ajouter une réponse acceptée',
  removeAnswer: (i: number) => `Retirer la réponse ${i + 1}`,
  tolerance: 'Tolérance numérique',
  toleranceHint: 'Quand la réponse acceptée est un nombre.',
  toleranceKind: 'Type de tolérance',
  absolute: 'Absolue',
  relative: 'Relative',
  toleranceValue: 'Valeur',
  toleranceValueHint: 'Absolue : écart permis (0,01) ; relative : proportion (0,05 = 5 %).',
};
