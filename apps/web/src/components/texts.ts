// French texts of the shared list and edit blocks (src/components).
export const componentTexts = {
  list: {
    perPage: 'Par page',
    range: (from: number, to: number, total: number) => `${from}–${to} sur ${total.toLocaleString('fr-FR')}`,
    noResults: 'Aucun résultat pour cette recherche ou ces filtres.',
    loading: 'Chargement…',
    clearSearch: 'Effacer la recherche',
    pagination: { first: 'Première page', last: 'Dernière page', previous: 'Page précédente', next: 'Page suivante' } as Record<string, string>,
    actions: 'Actions',
  },
  math: {
    preview: 'Aperçu',
    emptyPreview: 'Rien à afficher.',
    fieldLabel: (label: string) => `${label} (éditeur mathématique)`,
  },
  verdict: {
    /** The limit a stopped program hit, after the verdict's label. */
    limit: {
      TIME_LIMIT: (l: { cpu_seconds: number }) => `${l.cpu_seconds} s de calcul`,
      MEMORY_LIMIT: (l: { memory_mb: number }) => `${l.memory_mb} Mo`,
      OUTPUT_LIMIT: (l: { output_kb: number }) => `${l.output_kb} Kio par sortie`,
    },
  },
  /** The verdict of an answer (exam, practice, staff preview) and the comparison of outputs. */
  grade: {
    example: (n: number) => `Exemple ${n}`,
    input: 'Entrée',
    expected: 'Sortie attendue',
    got: 'Sortie obtenue',
    errors: 'Erreurs',
    hiddenCases: (passed: number, total: number) => `Tests cachés : ${passed} réussi${passed > 1 ? 's' : ''} sur ${total}`,
    passed: (passed: number, total: number) => `${passed} test${passed > 1 ? 's' : ''} réussi${passed > 1 ? 's' : ''} sur ${total}`,
    diffTitle: 'Différences (attendu / obtenu)',
    diffSame: 'Sorties identiques',
    missingLine: '(ligne absente)',
    extraLine: '(ligne en trop)',
    trailingSpaces: 'Les sorties ne diffèrent que par des espaces ou des sauts de ligne.',
  },
  chart: {
    showData: 'Afficher les données (tableau)',
    hideData: 'Masquer les données',
  },
  download: {
    title: 'Téléchargement',
    started: (name: string) => `Fichier « ${name} » téléchargé.`,
  },
  unsaved: {
    message: 'Des modifications n’ont pas été enregistrées. Quitter cette page les abandonne définitivement.',
  },
};
