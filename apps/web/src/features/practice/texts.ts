// French texts of the practice screens (Python, R and maths expressions).

const SIGNALS: Record<number, string> = { 6: 'SIGABRT', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV : accès mémoire invalide', 15: 'SIGTERM', 24: 'SIGXCPU', 25: 'SIGXFSZ' };
export const practiceTexts = {
  breadcrumb: 'Pratique',
  python: {
    title: 'Pratique Python',
    crumb: 'Python',
    description: 'Écrivez un programme Python 3, donnez-lui une entrée standard et exécutez-le dans un environnement isolé.',
    starter: '# Lit un nombre sur l’entrée standard et affiche son carré\nn = int(input())\nprint(n * n)\n',
    starterStdin: '7',
  },
  r: {
    title: 'Pratique R',
    crumb: 'R',
    description: 'Écrivez un programme R, donnez-lui une entrée standard et exécutez-le dans un environnement isolé.',
    starter: '# Lit des nombres sur l’entrée standard et affiche leur moyenne\nx <- as.numeric(readLines(file("stdin")))\ncat("Moyenne :", mean(x), "\\n")\n',
    starterStdin: '12\n15\n9',
  },
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
    /** The limit a stopped program hit, after the verdict's label. */
    limit: {
      TIME_LIMIT: (l: { cpu_seconds: number }) => `${l.cpu_seconds} s de calcul`,
      MEMORY_LIMIT: (l: { memory_mb: number }) => `${l.memory_mb} Mo`,
      OUTPUT_LIMIT: (l: { output_kb: number }) => `${l.output_kb} Kio par sortie`,
    },
    noResult: 'Exécutez le programme pour voir sa sortie ici.',
    failed: 'L’exécution n’a pas pu avoir lieu.',
  },
  math: {
    title: 'Pratique des expressions',
    crumb: 'Expression',
    description:
      'Saisissez une réponse et l’expression attendue : la plateforme vérifie si elles sont mathématiquement équivalentes (variables réelles).',
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
