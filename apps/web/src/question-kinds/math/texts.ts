// French texts of the MATH kind: its answer input, its answer view, its solution, its editor field.
export const mathTexts = {
  yourExpression: 'Votre expression',
  expected: 'Expression attendue',
  expectedHint: 'Comparée par équivalence mathématique (variables réelles) : 2x+2 vaut 2(x+1).',
  incomplete: 'L’expression est incomplète : complétez les cases vides.',
};
