// French texts of the QCM kind: its answer input, its answer view, its editor fields.
export const qcmTexts = {
  chooseOne: 'Choisissez une réponse',
  chooseMany: 'Choisissez une ou plusieurs réponses',
  chosen: { student: 'Votre choix', staff: 'Coché' },
  correctChoice: 'Bonne réponse',
  noChoice: 'Aucun choix coché.',
  unknownChoice: (id: number) => `Choix n° ${id}`,
  // Editor
  choices: 'Choix',
  choice: (i: number) => `Choix ${i + 1}`,
  choiceCorrect: (i: number) => `Choix ${i + 1} correct`,
  addChoice: 'Ajouter un choix',
  removeChoice: (i: number) => `Retirer le choix ${i + 1}`,
  singleHint: 'Une seule bonne réponse : les étudiants choisiront avec des boutons radio.',
  multipleHint: 'Plusieurs bonnes réponses : les étudiants cocheront des cases.',
  noneHint: 'Cochez la ou les bonnes réponses.',
  correct: 'correct',
};
