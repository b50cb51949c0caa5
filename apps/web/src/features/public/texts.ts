// French texts of the public pages: landing, payment required, access closed.
export const publicTexts = {
  landing: {
    eyebrow: 'Université · Examens et enseignement en ligne',
    title: 'Passez vos examens et progressez en ligne',
    lead:
      'Une plateforme unique pour les étudiants, les enseignants et l’administration : examens en ligne avec résultat immédiat, cours par chapitres et exercices de programmation corrigés automatiquement.',
    signIn: 'Se connecter',
    goToSpace: 'Accéder à mon espace',
    featuresTitle: 'Ce que propose la plateforme',
    features: [
      {
        title: 'Examens en ligne',
        text: 'Questions à choix multiple, réponses exactes et algorithmes en Python ou en R. Chaque étape est validée immédiatement ; vous pouvez reprendre plus tard.',
      },
      {
        title: 'Cours et chapitres',
        text: 'Les cours de votre parcours, organisés en chapitres, avec formules mathématiques, extraits de code et documents joints.',
      },
      {
        title: 'Pratique',
        text: 'Entraînez-vous en Python, en R et sur les expressions mathématiques, avec une correction automatique.',
      },
      {
        title: 'Suivi des résultats',
        text: 'Les enseignants consultent les moyennes par examen et par parcours, et exportent les résultats.',
      },
    ],
    rolesTitle: 'Pour qui ?',
    roles: [
      { title: 'Étudiants', text: 'Passez les examens publiés pour votre parcours, consultez vos cours et vos résultats.' },
      { title: 'Enseignants', text: 'Ajoutez les étudiants, rédigez les cours, les questions et les sujets d’examen de chaque année.' },
      { title: 'Administrateurs', text: 'Configurez les années universitaires, les mentions, les parcours et les utilisateurs.' },
    ],
    footer: 'Plateforme d’examens et d’enseignement de l’université',
  },
  noPremium: {
    code: '402',
    title: 'Contenu réservé aux étudiants premium',
    text: 'Ce contenu fait partie de l’offre premium. Rapprochez-vous de la scolarité ou de votre enseignant pour activer l’accès premium sur votre compte.',
    back: 'Retour',
    home: 'Retour à mon espace',
    login: 'Aller à la connexion',
  },
  notAccessDate: {
    title: 'Accès fermé',
    defaultMessage: 'L’accès à la plateforme est fermé en dehors des dates prévues pour votre année universitaire.',
    text: 'Vous pourrez vous reconnecter pendant la période d’accès de votre année universitaire. En cas de question, contactez la scolarité.',
    login: 'Retour à la connexion',
  },
};
