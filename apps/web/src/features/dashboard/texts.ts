// French texts of the staff welcome page.
export const dashboardTexts = {
  welcome: 'BIENVENUE !!',
  connectedCount: (n: number | string) => `Nombre d’utilisateurs connectés : ${n}`,
  connectedLive: 'Mis à jour en direct',
  homeTitle: 'Plateforme d’examens et d’enseignement',
  homeSubtitle: 'Examens en ligne, cours et pratique de la programmation pour les parcours de l’université.',
  infoTitle: 'Informations',
  info: [
    {
      title: 'Examens',
      text: 'Créez des sujets par année universitaire et par parcours, avec des questions à choix multiple, à réponse exacte ou des algorithmes en Python ou en R. Les étudiants obtiennent immédiatement un résultat validé ou non validé pour chaque étape et peuvent reprendre plus tard.',
    },
    {
      title: 'Cours',
      text: 'Rédigez des cours découpés en chapitres, avec formules mathématiques, extraits de code et fichiers joints, publiés pour les parcours choisis.',
    },
    {
      title: 'Étudiants',
      text: 'Ajoutez les étudiants un par un ou importez-les depuis un fichier Excel, et gérez leur accès premium.',
    },
    {
      title: 'Résultats',
      text: 'Consultez les moyennes par examen, le détail par étudiant et exportez-les au format Excel.',
    },
    {
      title: 'Pratique',
      text: 'Testez du code Python ou R et comparez des expressions mathématiques dans les espaces de pratique.',
    },
  ],
};
