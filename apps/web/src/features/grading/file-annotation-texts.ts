// French texts of the files of a copy and their annotations in the grading queue (components/file-annotations.tsx).
import type { FileAnnotation } from '@exam/shared';

export const fileAnnotationTexts = {
  files: (n: number) => `Fichiers remis (${n})`,
  noFiles: 'Aucun fichier remis dans cette copie.',
  listTitle: 'Annotations',
  where: (n: FileAnnotation) => `${n.file_name}, page ${n.page}, ${n.shape === 'BOX' ? 'cadre' : 'point'} à ${Math.round(n.x)} % ; ${Math.round(n.y)} %`,
  remove: 'Supprimer',
  removeLabel: (comment: string) => `Supprimer l’annotation « ${comment.slice(0, 40)} »`,
  addTitle: 'Ajouter une annotation',
  addHint:
    'Cliquez sur une page pour y placer un point, ou faites-y glisser le pointeur pour tracer un cadre ; ou donnez la position en pourcentage de la page, depuis son coin en haut à gauche : 0 % à gauche ou en haut, 100 % à droite ou en bas. L’endroit choisi apparaît en pointillés. L’étudiant lit l’annotation avec sa note.',
  file: 'Fichier',
  page: (pages: number) => `Page (sur ${pages})`,
  shape: 'Forme de l’annotation',
  point: 'Point',
  box: 'Cadre',
  x: 'Position horizontale (%)',
  y: 'Position verticale (%)',
  width: 'Largeur du cadre (%)',
  height: 'Hauteur du cadre (%)',
  comment: 'Commentaire',
  add: 'Ajouter une annotation',
};
