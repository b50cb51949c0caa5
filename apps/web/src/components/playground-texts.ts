// French texts of the code and maths playgrounds (staff and student practice screens).

const SIGNALS: Record<number, string> = { 6: 'SIGABRT', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV : accès mémoire invalide', 15: 'SIGTERM', 24: 'SIGXCPU', 25: 'SIGXFSZ' };
export const playgroundTexts = {
  code: {
    editor: 'Code source',
    editorHint: 'Ctrl+Entrée pour exécuter',
    stdin: 'Entrée standard',
    stdinPlaceholder: 'Données lues par le programme (facultatif)',
    run: 'Exécuter',
    running: 'Exécution…',
    reset: 'Réinitialiser',
    result: 'Résultat',
    stdout: 'Sortie standard',
    stderr: 'Erreurs',
    emptyOutput: 'Aucune sortie.',
    duration: (ms: number) => `${ms} ms`,
    durationLabel: 'Durée',
    exitCode: (code: number) => `Code de sortie ${code}`,
    /** A program ended by a signal (exit code 128 + n) outside the platform's limits. */
    signal: (n: number) => `Arrêté par le système (signal ${SIGNALS[n] ?? n})`,
    stopped: 'Arrêté',
    noResult: 'Exécutez le programme pour voir sa sortie ici.',
    failed: 'L’exécution n’a pas pu avoir lieu.',
  },
  math: {
    answer: 'Votre réponse',
    expected: 'Expression attendue',
    answerHint: 'Exemple : 2x+3, \\frac{1}{2}x, \\sqrt{x+1}',
    preview: 'Aperçu',
    emptyPreview: 'Rien à afficher.',
    compare: 'Comparer',
    comparing: 'Comparaison…',
    shortcut: 'Ctrl+Entrée pour comparer',
    equal: 'Expressions équivalentes',
    notEqual: 'Expressions non équivalentes',
    required: 'Saisissez les deux expressions.',
    incomplete: 'L’expression est incomplète : complétez les cases vides.',
    noResult: 'Le verdict apparaîtra ici.',
    examples: 'Exemples',
    exampleLabel: (a: string, b: string) => `Exemple : ${a} comparé à ${b}`,
    fieldLabel: (label: string) => `${label} (éditeur mathématique)`,
  },
} as const;
