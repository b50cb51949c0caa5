// French texts of the mentions screens.
export const mentionsTexts = {
  title: 'Mentions',
  description: 'Les mentions (domaines de formation) regroupent les parcours.',
  create: 'Nouvelle mention',
  createTitle: 'Nouvelle mention',
  editTitle: 'Modifier une mention',
  search: 'Rechercher une mention (nom, code)',
  emptyTitle: 'Aucune mention',
  emptyDescription: 'Créez une mention, puis ses parcours.',
  columns: { name: 'Nom', code: 'Code', description: 'Description', specializations: 'Parcours' },
  form: { name: 'Nom', code: 'Code', codeHint: 'Lettres, chiffres, - et _ (ex. INFO).', description: 'Description', save: 'Enregistrer', create: 'Créer', cancel: 'Annuler' },
  toast: { create: 'Création mention', update: 'Mis à jour mention', delete: 'Suppression mention' },
  deleteTitle: 'Suppression impossible',
  deleteConfirm: (name: string) => `Supprimer la mention ${name} ? Cette action est irréversible.`,
  deleteBlocked: (name: string, n: number) =>
    `La mention ${name} contient encore ${n} parcours : elle ne peut pas être supprimée. Supprimez ou rattachez d’abord ses parcours à une autre mention.`,
  notFound: 'Cette mention n’existe pas ou a été supprimée.',
  back: 'Retour à la liste',
} as const;
