// French texts of the MATH kind: its answer input, its answer view, its solution, its editor field.
import { MATH_FORM_NAMES, type MathForm } from '@exam/shared';

export const mathTexts = {
  yourExpression: 'Votre expression',
  gradedLater:
    'Réponse enregistrée, en cours de correction : le serveur de calcul était très demandé à l’envoi. Le résultat s’affichera ici dès qu’il sera prêt.',
  expected: 'Expression attendue',
  expectedHint: 'Comparée par équivalence mathématique (variables réelles) : 2x+2 vaut 2(x+1).',
  incomplete: 'L’expression est incomplète : complétez les cases vides.',
  form: 'Forme exigée',
  formHint:
    'Au-delà de l’équivalence : développée (aucun produit ni puissance d’une somme), factorisée (aucune somme qui se factorise sur les rationnels), ou simplifiée au moins autant que l’expression attendue. L’expression attendue doit elle-même avoir cette forme.',
  /** Shown to the student beside the question: the form asked, never the expected expression. */
  formAsked: (form: Exclude<MathForm, 'EQUIVALENT'>) => `Réponse attendue sous forme ${MATH_FORM_NAMES[form]}.`,
};
