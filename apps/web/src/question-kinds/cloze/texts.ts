// French texts of the CLOZE kind (texte à trous): its answer input, its answer view, its editor fields.
export const clozeTexts = {
  instructions: 'Complétez le texte : chaque trou a sa liste ou son champ, dans l’ordre du texte.',
  gapLabel: (n: number) => `Trou ${n}`,
  choose: 'Choisir…',
  numberHint: 'nombre',
  noAnswer: 'Aucun trou rempli.',
  empty: '(vide)',
  expected: (answer: string) => `attendu : ${answer}`,
  details: (correct: number, total: number) => `Trous justes : ${correct} sur ${total}.`,
  // Editor
  gaps: 'Trous du texte',
  gapsHint:
    'Écrivez le texte dans l’énoncé et placez chaque trou avec son repère {1}, {2}… « Ajouter un trou » écrit le repère suivant à l’endroit du curseur dans l’énoncé. Chaque trou rapporte sa part des points, selon son poids ; la question est validée quand tous sont justes.',
  addGap: 'Ajouter un trou',
  removeGap: (n: number) => `Retirer le trou ${n}`,
  gapTitle: (n: number) => `Trou ${n} — repère {${n}}`,
  kind: (n: number) => `Type du trou ${n}`,
  rightChoices: (n: number) => `Bons choix du trou ${n} (un par ligne)`,
  wrongChoices: (n: number) => `Mauvais choix du trou ${n} (un par ligne)`,
  accepted: (n: number) => `Réponses acceptées du trou ${n} (une par ligne)`,
  numbers: (n: number) => `Nombres attendus du trou ${n} (un par ligne)`,
  caseSensitive: 'Respecter les majuscules et minuscules',
  caseHint: 'Sinon, la casse est ignorée. Les accents et les espaces en trop sont toujours ignorés.',
  tolerance: (n: number) => `Tolérance du trou ${n}`,
  toleranceHint: '0,01 (écart absolu) ou 5 % (écart relatif) ; vide : le nombre exact. 3,14 et 3.14 sont acceptés.',
  weight: (n: number) => `Poids du trou ${n}`,
  variantGap: (n: number, kind: string, answers: string) => `Trou ${n} (${kind}) : ${answers}`,
};
