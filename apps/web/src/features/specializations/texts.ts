// French texts of the parcours (specializations) screens.
export const specializationsTexts = {
  title: 'Parcours',
  description: 'Chaque parcours appartient à une mention et a un niveau (L1 à M2, doctorat).',
  create: 'Nouveau parcours',
  createTitle: 'Nouveau parcours',
  editTitle: 'Modifier un parcours',
  search: 'Rechercher un parcours (nom, code, mention)',
  mentionFilter: 'Mention',
  levelFilter: 'Niveau',
  emptyTitle: 'Aucun parcours',
  emptyDescription: 'Créez d’abord une mention, puis ses parcours.',
  columns: { name: 'Nom', code: 'Code', level: 'Niveau', mention: 'Mention', students: 'Étudiants', courses: 'Cours' },
  levels: { L1: 'Licence 1 (L1)', L2: 'Licence 2 (L2)', L3: 'Licence 3 (L3)', M1: 'Master 1 (M1)', M2: 'Master 2 (M2)', D: 'Doctorat (D)' } as Record<string, string>,
  form: { name: 'Nom', code: 'Code', codeHint: 'Lettres, chiffres, - et _ (ex. GL-L3).', level: 'Niveau', mention: 'Mention', save: 'Enregistrer', create: 'Créer', cancel: 'Annuler' },
  toast: { create: 'Création parcours', update: 'Mis à jour parcours', delete: 'Suppression parcours' },
  deleteTitle: 'Suppression impossible',
  /** Why a parcours in use cannot be deleted (told before asking, from the list's counts). */
  deleteBlocked: (name: string, students: number, courses: number) =>
    `Le parcours ${name} est encore utilisé : ${[
      students ? `${students} étudiant${students > 1 ? 's y sont inscrits' : ' y est inscrit'}` : '',
      courses ? `${courses} cours y ${courses > 1 ? 'sont proposés' : 'est proposé'}` : '',
    ]
      .filter(Boolean)
      .join(' et ')}. Il ne peut pas être supprimé avant que ${[students ? 'ces étudiants changent de parcours' : '', courses ? 'ces cours en soient retirés' : '']
      .filter(Boolean)
      .join(' et ')}.`,
  deleteConfirm: (name: string) => `Supprimer le parcours ${name} ? Cette action est irréversible.`,
  notFound: 'Ce parcours n’existe pas ou a été supprimé.',
  back: 'Retour à la liste',
} as const;
