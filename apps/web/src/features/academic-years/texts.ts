// French texts of the academic years screens.
export const yearsTexts = {
  title: 'Années universitaires',
  description: 'Années, dates et fenêtre d’accès des étudiants ; une seule année est courante.',
  create: 'Nouvelle année',
  createTitle: 'Nouvelle année universitaire',
  editTitle: 'Modifier une année',
  search: 'Rechercher une année',
  emptyTitle: 'Aucune année universitaire',
  emptyDescription: 'Créez la première année pour inscrire des étudiants.',
  columns: { label: 'Année', start: 'Début', end: 'Fin', access: 'Accès des étudiants', current: 'Courante', students: 'Étudiants', courses: 'Cours' },
  currentBadge: 'Courante',
  form: {
    label: 'Libellé',
    labelPlaceholder: '2025-2026',
    start: 'Date de début',
    end: 'Date de fin',
    accessStart: 'Début de l’accès',
    accessEnd: 'Fin de l’accès',
    accessHint: 'En dehors de ces dates, les étudiants de cette année ne peuvent pas se connecter.',
    current: 'Année courante',
    currentHint: 'Marquer cette année comme courante retire ce statut à l’année qui l’avait.',
    save: 'Enregistrer',
    create: 'Créer',
    cancel: 'Annuler',
  },
  toast: { create: 'Création année', update: 'Mis à jour année', delete: 'Suppression année' },
  deleteTitle: 'Suppression impossible',
  /** Why a year in use cannot be deleted (told before asking, from the list's counts). */
  deleteBlocked: (label: string, students: number, courses: number) =>
    `L’année ${label} est encore utilisée : ${[
      students ? `${students} étudiant${students > 1 ? 's y sont inscrits' : ' y est inscrit'}` : '',
      courses ? `${courses} cours y ${courses > 1 ? 'sont rattachés' : 'est rattaché'}` : '',
    ]
      .filter(Boolean)
      .join(' et ')}. Elle ne peut pas être supprimée avant que ${[students ? 'ces étudiants changent d’année' : '', courses ? 'ces cours changent d’année' : '']
      .filter(Boolean)
      .join(' et ')}.`,
  deleteConfirm: (label: string) => `Supprimer l’année universitaire ${label} ? Cette action est irréversible.`,
  notFound: 'Cette année universitaire n’existe pas ou a été supprimée.',
  back: 'Retour à la liste',
} as const;
