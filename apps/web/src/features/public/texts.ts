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
  accessibility: {
    home: 'Plateforme d’examens',
    title: 'Déclaration d’accessibilité',
    commitment: (entity: string, service: string) =>
      `${entity} s’engage à rendre ${service} accessible conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005.`,
    appliesTo: (service: string, origin: string) => `Cette déclaration d’accessibilité s’applique à ${service}${origin ? ` (${origin})` : ''}.`,
    stateTitle: 'État de conformité',
    state: (service: string, state: string, ref: string) =>
      `${service.charAt(0).toUpperCase()}${service.slice(1)} est ${state} avec le référentiel général d’amélioration de l’accessibilité (${ref}), en raison des non-conformités et des critères non encore évalués énumérés ci-dessous.`,
    incomplete: (n: number) => `Aucun audit complet des ${n} critères du RGAA n’a encore été réalisé : tant qu’il manque, la plateforme se déclare non conforme, quel que soit le résultat de l’autoévaluation ci-dessous.`,
    resultsTitle: 'Résultats des tests',
    results: (type: string, met: number, applicable: number, rate: number, evaluated: number, total: number) =>
      `${type} : ${met} des ${applicable} critères applicables évalués sont respectés (${rate.toLocaleString('fr-FR')} %) ; ${evaluated} critères évalués sur les ${total} du RGAA.`,
    criteriaCaption: 'Critères évalués, avec leur résultat',
    criterion: 'Critère',
    status: 'Résultat',
    note: 'Constat',
    statusLabels: { C: 'Conforme', NC: 'Non conforme', NA: 'Non applicable' } as Record<'C' | 'NC' | 'NA', string>,
    inaccessibleTitle: 'Contenus non accessibles',
    nonConformities: 'Non-conformités',
    derogations: 'Dérogations pour charge disproportionnée',
    noDerogation: 'Aucune dérogation n’est invoquée.',
    outside: 'Contenus non soumis à l’obligation d’accessibilité',
    madeTitle: 'Établissement de cette déclaration d’accessibilité',
    madeOn: (date: string) => `Cette déclaration a été établie le ${date}.`,
    method: 'Méthode :',
    technologies: 'Technologies utilisées pour la réalisation de la plateforme :',
    environment: 'Environnement de test :',
    tools: 'Outils pour évaluer l’accessibilité :',
    pages: 'Pages ayant fait l’objet de la vérification de conformité :',
    contactTitle: 'Retour d’information et contact',
    email: 'Courriel :',
    address: 'Adresse :',
    recourseTitle: 'Voies de recours',
    recourseWhen:
      'Si vous avez signalé au responsable de la plateforme un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez saisir le Défenseur des droits :',
    recourseWrite: 'écrire un message au Défenseur des droits :',
    recourseForm: 'formulaire en ligne du Défenseur des droits',
    recourseDelegate: 'contacter le délégué du Défenseur des droits dans votre région :',
    recourseDelegates: 'liste des délégués du Défenseur des droits',
    recoursePost: 'envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
  },
};
