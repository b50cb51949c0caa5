// French texts the kinds share (answer views, the verdict block); each kind's own texts live in its folder.
export const kindTexts = {
  yourAnswer: 'Votre réponse',
  empty: '(vide)',
  validated: 'Validé',
  notValidated: 'Non validé',
  pending: 'En attente de correction',
};
