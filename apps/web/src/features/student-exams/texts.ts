// Every French text of the student's exam screens: the list, taking an exam, the result.
import { SIMILARITY_DECISION_LABELS, type StudentCase } from '@exam/shared';
// French: below 2 (0, 1, 1,5) the singular.
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${Math.abs(n) >= 2 ? many : one}`;

/**
 * "1 h 30 min", "45 min", "1 h", "2 min 40 s" (a tiers-temps rarely falls on whole minutes): to the second, never
 * rounded up, so that a student never gets less time than shown.
 */
export function durationLabel(minutes: number): string {
  const total = Math.floor(minutes * 60 + 1e-6);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h} h`);
  if (m || (h && s)) parts.push(h ? `${String(m).padStart(2, '0')} min` : `${m} min`);
  if (s) parts.push(`${s} s`);
  return parts.join(' ') || '0 min';
}

export const studentExamsTexts = {
  list: {
    title: 'Mes examens',
    description: 'Les examens de votre parcours : à venir, ouverts et terminés.',
    groups: {
      OUVERT: { title: 'Ouverts', empty: 'Aucun examen n’est ouvert en ce moment.' },
      A_VENIR: { title: 'À venir', empty: 'Aucun examen n’est prévu pour l’instant.' },
      TERMINE: { title: 'Terminés', empty: 'Vous n’avez encore aucun examen terminé.' },
    },
    emptyTitle: 'Aucun examen',
    emptyDescription: 'Aucun examen ne vous est proposé pour l’instant. Les examens publiés pour votre parcours apparaîtront ici.',
    opens: 'Ouverture',
    closes: 'Fermeture',
    duration: 'Durée',
    noDuration: 'jusqu’à la fermeture',
    yourTime: (label: string) => `${label} pour vous`,
    progress: 'Progression',
    progressValue: (answered: number, validated: number | null, total: number) =>
      validated === null
        ? `${plural(answered, 'question répondue', 'questions répondues')} sur ${total} (verdicts affichés à la fin)`
        : `${plural(answered, 'question répondue', 'questions répondues')}, ${plural(validated, 'validée', 'validées')} sur ${total}`,
    status: {
      notStarted: 'Non commencé',
      inProgress: 'En cours',
      finished: 'Terminé',
      upcoming: 'À venir',
      missed: 'Non passé',
    },
    start: 'Commencer',
    resume: 'Reprendre',
    result: 'Voir le résultat',
    actionLabel: (action: string, title: string) => `${action} : « ${title} »`,
    deadline: (when: string) => `À rendre avant le ${when}`,
    loadError: 'Impossible de charger vos examens.',
  },
  rules: {
    title: 'Avant de commencer',
    intro: 'Lisez ces règles : le temps commence à courir dès que vous cliquez sur « Commencer l’examen ».',
    duration: 'Durée',
    questions: 'Questions',
    points: 'Points',
    closes: 'Fermeture de l’examen',
    durationValue: (label: string) => `${label}, à partir du moment où vous commencez (sans dépasser la fermeture)`,
    untilClosing: 'Jusqu’à la fermeture de l’examen',
    questionCount: (n: number) => plural(n, 'question', 'questions'),
    pointsValue: (n: number) => plural(n, 'point', 'points'),
    list: [
      'Chaque réponse est corrigée aussitôt : « Validé » ou « Non validé ».',
      'Vous pouvez répondre de nouveau à une question jusqu’à la fin du temps : votre meilleure réponse compte, une réponse fausse envoyée plus tard ne retire jamais une question validée.',
      'Ce que vous tapez est gardé en brouillon, dans ce navigateur et sur le serveur : vous pouvez quitter la page et reprendre plus tard, même sur un autre appareil. À la fin, un brouillon plus récent que votre dernière réponse soumise est corrigé et compté automatiquement.',
      'Si le réseau est coupé, vos réponses attendent dans ce navigateur et partent dès son retour.',
      'Le compte à rebours suit l’horloge du serveur : seule elle fait foi.',
    ],
    triesRule: (max: number) =>
      max === 1 ? 'Chaque question n’accepte qu’une seule soumission : vérifiez votre réponse avant de soumettre.' : `Chaque question accepte au plus ${max} soumissions.`,
    penaltyRule: (rate: number) =>
      `Chaque réponse fausse soumise avant la bonne retire ${(Math.round(rate * 1000) / 10).toLocaleString('fr-FR')} % des points de la question (certaines questions peuvent avoir leur propre règle, indiquée avec elles).`,
    start: 'Commencer l’examen',
    starting: 'Démarrage…',
    verdictsHiddenFirst: 'Chaque réponse est enregistrée aussitôt (« Réponse enregistrée ») ; les verdicts restent masqués et s’affichent sur votre résultat une fois votre composition terminée.',
    codeRule: 'Un code d’accès, affiché par le surveillant dans la salle, est demandé pour commencer.',
    networksRule: 'Cet examen ne se passe que depuis le réseau des salles d’examen.',
    singleSessionRule: 'Une fois commencée, votre composition reste liée à ce navigateur : un autre appareil ou navigateur est refusé, sauf si un surveillant la débloque.',
    sebRule: 'Cet examen se passe dans Safe Exam Browser : téléchargez son fichier de configuration, puis ouvrez-le pour lancer l’examen.',
    sebDownload: 'Télécharger la configuration Safe Exam Browser',
    bonusRule: (percent: number) => `Temps ajouté pour tous : +${percent} % (compris dans la durée ci-dessus).`,
    codeTitle: 'Code d’accès',
    codeLabel: 'Code d’accès',
    codeHint: 'Affiché par le surveillant dans la salle.',
    codeCancel: 'Annuler',
    notOpen: (when: string) => `Cet examen ouvrira le ${when}.`,
    closed: 'Cet examen est clôturé : il n’est plus possible de le commencer.',
    back: 'Retour à mes examens',
  },
  report: {
    open: 'Signaler un problème',
    title: (n: number) => `Signaler un problème sur la question ${n}`,
    hint: 'Votre message part aussitôt aux surveillants de l’examen (énoncé illisible, question qui semble fausse, souci technique). Votre réponse en cours n’est pas touchée et le temps continue de courir.',
    message: 'Décrivez le problème',
    send: 'Envoyer',
    cancel: 'Annuler',
    sentTitle: 'Signalement',
    failed: 'Le signalement n’a pas pu être envoyé. Vérifiez votre connexion, ou adressez-vous à un surveillant.',
  },
  taking: {
    section: (title: string) => `Partie : ${title}`,
    skipToNavigator: 'Aller aux questions de l’examen',
    timeLeft: 'Temps restant',
    timeUpTitle: 'Temps écoulé',
    timeUp: 'Le temps est écoulé : vos réponses ne peuvent plus être modifiées.',
    timeUpPending: 'Le temps est écoulé. Les réponses envoyées avant la fin sont encore transmises pendant 30 secondes.',
    announce: (label: string) => `Il reste ${label}.`,
    announceMinutes: (n: number) => (n === 1 ? '1 minute' : `${n} minutes`),
    hideTimer: 'Masquer le minuteur',
    showTimer: 'Afficher le minuteur',
    timerHidden: 'Minuteur masqué',
    timerHiddenHelp: 'Le temps restant vous sera tout de même annoncé à 30, 10, 5 et 1 minute de la fin.',
    seeResult: 'Voir le résultat',
    navigator: 'Questions de l’examen',
    navigatorHint: 'Choisissez une question ; vous pouvez y revenir à tout moment.',
    questionButton: (n: number, state: string) => `Question ${n} : ${state}`,
    questionTitle: (n: number, total: number) => `Question ${n} sur ${total}`,
    points: (p: number) => plural(p, 'point', 'points'),
    previous: 'Question précédente',
    next: 'Question suivante',
    finish: 'Terminer l’examen',
    finishShort: 'Terminer',
    finishRest: 'l’examen',
    finishTitle: 'Terminer l’examen',
    finishConfirm: 'Terminer',
    finishMessage: (unanswered: number, unsent: number) => {
      const parts: string[] = [];
      if (unanswered > 0) parts.push(`Il vous reste ${plural(unanswered, 'question non répondue', 'questions non répondues')}.`);
      if (unsent > 0)
        parts.push(
          `${unsent >= 2 ? `${unsent} brouillons non soumis seront corrigés` : 'Un brouillon non soumis sera corrigé'} et ${unsent >= 2 ? 'comptés' : 'compté'} automatiquement.`,
        );
      parts.push('Une fois l’examen terminé, plus aucune réponse n’est acceptée. Terminer maintenant ?');
      return parts.join(' ');
    },
    unsentDraft: 'brouillon non soumis',
    flagged: 'marquée pour y revenir',
    flag: 'Marquer pour y revenir',
    unflag: 'Retirer la marque',
    summary: 'Récapitulatif avant de terminer',
    summaryTitle: 'Récapitulatif de votre tentative',
    summaryIntro:
      'Vérifiez chaque question avant de terminer. Un brouillon non soumis est corrigé et compté automatiquement à la fin ; une question non répondue rapporte 0 point.',
    summaryQuestion: 'Question',
    summaryState: 'État',
    summaryGo: (n: number) => `Revoir la question ${n}`,
    summaryGoShort: 'Revoir',
    summaryBack: 'Retour aux questions',
    summaryCounts: (validated: number, notValidated: number, unanswered: number, unsent: number, recorded = 0, pending = 0) =>
      [
        // Verdicts hidden until the end: answers are only « enregistrées ».
        ...(recorded > 0 ? [plural(recorded, 'réponse enregistrée', 'réponses enregistrées')] : [plural(validated, 'validée', 'validées'), plural(notValidated, 'non validée', 'non validées')]),
        // Answers graded by a person have no verdict yet: counted apart, never among « non validées ».
        ...(pending > 0 ? [`${pending} en attente de correction`] : []),
        plural(unanswered, 'non répondue', 'non répondues'),
        plural(unsent, 'brouillon non soumis', 'brouillons non soumis'),
      ].join(' · '),
    finishPending: 'Des réponses attendent encore d’être envoyées : reconnectez-vous au réseau avant de terminer.',
    finished: 'Examen terminé.',
    progressHidden: (answered: number, total: number) => `${answered} répondue${answered > 1 ? 's' : ''} · ${total} au total`,
    progress: (validated: number, answered: number, total: number) => `${validated} validée${validated > 1 ? 's' : ''} · ${answered} répondue${answered > 1 ? 's' : ''} · ${total} au total`,
    loadError: 'Impossible de charger les questions de l’examen.',
    retry: 'Réessayer',
  },
  late: {
    title: 'Réponses arrivées après la fin',
    message: (n: number) =>
      n >= 2
        ? `${n} réponses soumises avant la fin sont arrivées au serveur après : elles n’ont pas été comptées. Elles ne sont pas perdues : l’équipe pédagogique peut décider de les joindre à votre copie.`
        : 'Une réponse soumise avant la fin est arrivée au serveur après : elle n’a pas été comptée. Elle n’est pas perdue : l’équipe pédagogique peut décider de la joindre à votre copie.',
    item: (n: number, when: string, why: string) => `Question ${n}, soumise le ${when} — ${why}`,
    keptOnServer: 'Elles sont gardées sur le serveur et dans ce navigateur. Téléchargez aussi votre copie de secours et gardez-la jusqu’aux résultats.',
    keptHere: 'Elles sont gardées dans ce navigateur et partiront au serveur dès le retour du réseau. Téléchargez votre copie de secours et gardez-la jusqu’aux résultats.',
    download: 'Télécharger ma copie de secours',
    downloadedTitle: 'Copie de secours',
    downloaded: (name: string) => `Fichier « ${name} » enregistré : gardez-le, il contient vos réponses et leurs heures.`,
  },
  offline: {
    title: 'Connexion perdue',
    message: 'Vous êtes hors ligne. Continuez : vos brouillons sont gardés dans ce navigateur et vos réponses partiront dès le retour du réseau.',
    pending: (n: number) => plural(n, 'réponse en attente d’envoi', 'réponses en attente d’envoi'),
    back: 'Connexion rétablie : les réponses en attente ont été envoyées.',
  },
  answer: {
    recorded: 'Réponse enregistrée. Son verdict s’affichera sur votre résultat, une fois votre composition terminée.',
    submit: 'Soumettre',
    submitting: 'Envoi…',
    runExamples: 'Tester sur les exemples',
    runHint: 'Le test sur les exemples n’est pas compté ; seule « Soumettre » est corrigée.',
    examplesTitle: 'Test sur les exemples (non compté)',
    examplesOffline: 'Le test sur les exemples demande le réseau.',
    queued: 'En attente d’envoi : la réponse partira dès le retour du réseau.',
    queuedShort: 'en attente d’envoi',
    tries: (used: number, max: number | null) => (max === null ? `${plural(used, 'essai utilisé', 'essais utilisés')}` : `Essais : ${used} sur ${max}`),
    penalty: (rate: number) => `Chaque réponse fausse soumise avant la bonne retire ${(Math.round(rate * 1000) / 10).toLocaleString('fr-FR')} % des points de cette question.`,
    noTriesLeft: 'Vous avez utilisé tous vos essais pour cette question : votre meilleure réponse compte.',
    lastTry: 'Attention : il vous reste un seul essai pour cette question.',
    sending: 'Envoi de la réponse…',
    lastVerdict: 'Dernière réponse',
    validated: 'Validé',
    notValidated: 'Non validé',
    bestKept: 'Cette question reste validée : votre meilleure réponse compte.',
    draftSaved: 'Brouillon enregistré',
    draftLocal: 'Brouillon gardé dans ce navigateur',
    empty: 'Répondez avant de soumettre.',
    refused: 'Réponse refusée',
    visibleCases: 'Exemples',
    mathMessage: 'Lecture de l’expression',
  },
  show: {
    title: (title: string) => `Résultat : ${title}`,
    crumb: 'Résultat',
    score20: 'Note sur 20',
    points: 'Points',
    validated: 'Questions validées',
    of: (a: number, b: number) => `${a.toLocaleString('fr-FR')} / ${b.toLocaleString('fr-FR')}`,
    awaiting: 'En attente de correction',
    provisional: (label: string) => `${label} (provisoire)`,
    pendingAnswers: (n: number) =>
      `${n > 1 ? `${n} réponses attendent` : 'Une réponse attend'} d’être corrigée${n > 1 ? 's' : ''} par une personne.`,
    started: 'Commencé le',
    finished: 'Terminé le',
    deadline: 'Échéance',
    notFinished: 'Tentative en cours',
    notStarted: 'Vous n’avez pas passé cet examen.',
    timeUp: 'Temps écoulé : voici votre résultat.',
    questions: 'Détail par question',
    question: (n: number) => `Question ${n}`,
    yourAnswer: 'Votre réponse',
    countedAnswer: 'Réponse retenue (celle qui compte pour la note)',
    autoSent: 'Envoyée automatiquement à la fin : c’était votre brouillon non soumis.',
    lastAnswer: (valid: boolean) => `Dernière réponse envoyée (${valid ? 'validée' : 'non validée'}, non retenue : moins bien notée)`,
    noAnswer: 'Aucune réponse envoyée.',
    program: (n: number) => `Votre programme, question ${n} (lecture seule)`,
    solutionsLater: 'Les bonnes réponses ne sont pas affichées pour cet examen, ou le seront après sa clôture.',
    solutionsShown: 'L’examen est clôturé : les bonnes réponses sont affichées.',
    earned: (score: number, points: number) => `${score.toLocaleString('fr-FR')} / ${points.toLocaleString('fr-FR')} pt${points > 1 ? 's' : ''}`,
    penaltyNote: (taken: number) => {
      const n = Math.round(taken * 100) / 100;
      return `Validée, moins une pénalité de ${n.toLocaleString('fr-FR')} point${n >= 2 ? 's' : ''} : des réponses fausses avaient été soumises avant la bonne.`;
    },
    back: 'Retour à mes examens',
    resume: 'Reprendre l’examen',
    loadError: 'Impossible de charger le résultat.',
  },
  /** Messages staff addressed to the student about their copy (a similarity case), on the result page. */
  caseMessages: {
    title: 'Message de l’équipe pédagogique',
    about: (position: number | null) => (position === null ? 'Au sujet de votre copie' : `Au sujet de votre réponse à la question ${position}`),
    intro: 'L’équipe pédagogique vous a écrit au sujet de votre programme. Vous pouvez lui répondre ici ; votre réponse est jointe au dossier de votre copie.',
    from: (author: string) => `De ${author}`,
    you: 'Vous',
    reply: 'Votre réponse',
    replyHint: (left: number) => `${left.toLocaleString('fr-FR')} caractère${left > 1 ? 's' : ''} restant${left > 1 ? 's' : ''}`,
    send: 'Envoyer la réponse',
    empty: 'Écrivez votre réponse avant de l’envoyer.',
    closed: 'Dossier clos',
    decision: (c: StudentCase) =>
      c.decision === 'MARK_CHANGED' && c.new_points !== null
        ? `${SIMILARITY_DECISION_LABELS.MARK_CHANGED} : ${c.new_points.toLocaleString('fr-FR')} point${c.new_points >= 2 ? 's' : ''} sur cette question.`
        : `${c.decision ? SIMILARITY_DECISION_LABELS[c.decision] : 'Décidé'}.`,
  },
};
