// French texts of the staff practice screens (Python, R and maths expressions); the playgrounds' own texts are in
// src/components/playground-texts.ts.

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
  math: {
    title: 'Pratique des expressions',
    crumb: 'Expression',
    description:
      'Saisissez une réponse et l’expression attendue : la plateforme vérifie si elles sont mathématiquement équivalentes (variables réelles).',
  },
} as const;
