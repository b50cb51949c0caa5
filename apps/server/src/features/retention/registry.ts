// Every table of the database and what it holds of people (docs/donnees-personnelles.md): how long its rows are
// kept, how the year purge and the erasure of an account reach them, and whether a student's archive carries them.
// registry.test.ts fails when a table exists that is not declared here, or when a table that refers to a user (or
// to an attempt) is declared as holding no personal data.

export type Retention =
  /** Removed with the attempts of the year's exams once the year's retention has passed (holds excepted). */
  | 'year'
  /** Kept while the account exists; goes with it (year purge of a former student, or granted erasure). */
  | 'account'
  /** Short-lived technical rows, removed on their own (expired sessions, locks). */
  | 'short'
  /** Records the institution must keep (elimination records, decisions on requests); they name no student once the
   * student is gone. */
  | 'record'
  /** Teaching content written by staff: the author's reference is emptied when the staff account goes. */
  | 'authorship';

export interface PersonalTable {
  personal: true;
  retention: Retention;
  /** Carried by the student's archive (RGPD articles 15 and 20). */
  exported: boolean;
  note: string;
}
export interface NeutralTable {
  personal: false;
  note: string;
}
export type TableRule = PersonalTable | NeutralTable;

export const DATA_REGISTRY: Record<string, TableRule> = {
  users: { personal: true, retention: 'account', exported: true, note: 'Compte : nom, prénom, e-mail, numéro d’étudiant, rôle, aménagements.' },
  tokens: { personal: true, retention: 'short', exported: false, note: 'Sessions (empreintes de jetons) : purgées à expiration, supprimées avec le compte.' },
  academic_years: { personal: false, note: 'Années universitaires, date du jury et durée de conservation.' },
  mentions: { personal: false, note: 'Mentions.' },
  specializations: { personal: false, note: 'Parcours.' },
  student_enrolments: { personal: true, retention: 'year', exported: true, note: 'Inscriptions d’un étudiant par année.' },
  courses: { personal: true, retention: 'authorship', exported: false, note: 'Cours ; leur auteur (personnel).' },
  course_specializations: { personal: false, note: 'Parcours d’un cours.' },
  chapters: { personal: false, note: 'Chapitres de cours.' },
  files: { personal: true, retention: 'authorship', exported: false, note: 'Fichiers des cours et des énoncés, déposés par le personnel (jamais par un étudiant).' },
  chapter_files: { personal: false, note: 'Fichiers d’un chapitre.' },
  questions: { personal: true, retention: 'authorship', exported: false, note: 'Banque de questions ; leur auteur (personnel).' },
  possible_solutions: { personal: false, note: 'Choix, réponses attendues, tests.' },
  question_tags: { personal: false, note: 'Étiquettes des questions.' },
  question_files: { personal: false, note: 'Fichiers d’un énoncé.' },
  question_versions: { personal: true, retention: 'authorship', exported: false, note: 'Versions des questions ; leur auteur (personnel).' },
  question_variants: { personal: false, note: 'Variantes tirées des questions paramétrées.' },
  exams: { personal: true, retention: 'authorship', exported: false, note: 'Examens (gardés après la purge, sans copie) ; leur auteur (personnel).' },
  exam_specializations: { personal: false, note: 'Parcours d’un examen.' },
  exam_questions: { personal: false, note: 'Questions d’un examen.' },
  exam_sections: { personal: false, note: 'Sections d’un examen.' },
  exam_attempt_questions: { personal: true, retention: 'year', exported: true, note: 'Questions tirées pour une copie.' },
  exam_problem_reports: { personal: true, retention: 'year', exported: true, note: 'Signalements d’un étudiant pendant l’examen ; un signalement non traité garde sa copie.' },
  exam_extra_time: { personal: true, retention: 'year', exported: true, note: 'Minutes supplémentaires accordées à un étudiant pour un examen.' },
  exam_attempts: { personal: true, retention: 'year', exported: true, note: 'Copies : début, échéance, fin, note, adresse IP, navigateur.' },
  exam_submissions: { personal: true, retention: 'year', exported: true, note: 'Réponses envoyées, avec leur heure, leur verdict et leurs points.' },
  practice_attempts: { personal: true, retention: 'year', exported: true, note: 'Essais d’entraînement (par l’année du cours de la question).' },
  answer_files: { personal: true, retention: 'year', exported: true, note: 'Fichiers remis en réponse (réponse par fichier) : contenu, nom, type, taille ; partent avec la copie et avec le compte.' },
  answer_file_annotations: { personal: true, retention: 'year', exported: true, note: 'Annotations des correcteurs sur les fichiers remis (page, position, commentaire, correcteur, place du correcteur en double correction) ; partent avec la copie ; dans l’archive avec la note finale publiée.' },
  exam_marks: { personal: true, retention: 'year', exported: true, note: 'Notes données par un correcteur (réponses rédigées) : points, commentaire, niveaux de grille choisis, annotations, correcteur et date ; partent avec la copie.' },
  exam_marker_marks: { personal: true, retention: 'year', exported: true, note: 'Double correction : la note de chaque correcteur (points, commentaire, niveaux de la grille, annotations, correcteur, date) ; part avec la copie ; dans l’archive une fois les notes publiées et l’examen clos.' },
  exam_markers: { personal: true, retention: 'authorship', exported: false, note: 'Correcteurs nommés pour un examen ou une question (personnel) ; partent avec leur compte.' },
  exam_grading: { personal: true, retention: 'authorship', exported: false, note: 'Règle de double correction, publication des notes et levée de l’anonymat d’un examen ; qui les a faites (personnel, vidé avec son compte).' },
  exam_drafts: { personal: true, retention: 'year', exported: true, note: 'Brouillons d’une copie.' },
  exam_late_answers: { personal: true, retention: 'year', exported: true, note: 'Réponses tardives et copies de secours (fichiers apportés par le personnel).' },
  regrade_log: { personal: true, retention: 'year', exported: true, note: 'Historique des recorrections d’un étudiant.' },
  exam_access_rules: { personal: false, note: 'Règles d’accès d’un examen.' },
  exam_attempt_sessions: { personal: true, retention: 'year', exported: false, note: 'Session liée à une copie (empreinte de jeton, adresse IP, navigateur).' },
  exam_journal: { personal: true, retention: 'year', exported: true, note: 'Journal chaîné d’une copie.' },
  exam_signal_counts: { personal: true, retention: 'year', exported: true, note: 'Signaux du navigateur comptés par copie.' },
  regrade_locks: { personal: false, note: 'Verrou de recorrection (technique).' },
  similarity_analyses: { personal: true, retention: 'authorship', exported: false, note: 'Comparaisons de programmes d’un examen ; qui les a demandées (personnel).' },
  similarity_programs: { personal: true, retention: 'year', exported: false, note: 'Programmes d’étudiants comparés : partent avec leur copie.' },
  similarity_pairs: { personal: true, retention: 'year', exported: false, note: 'Paires de copies proches : partent avec leurs copies.' },
  similarity_cases: { personal: true, retention: 'year', exported: true, note: 'Dossiers de similarité du personnel ; leurs membres partent avec les copies.' },
  similarity_case_members: { personal: true, retention: 'year', exported: true, note: 'Copies d’un dossier de similarité : partent avec elles.' },
  practice_similarity_analyses: { personal: true, retention: 'authorship', exported: false, note: 'Comparaisons de programmes d’un exercice d’entraînement ; qui les a demandées (personnel).' },
  practice_similarity_pairs: { personal: true, retention: 'year', exported: false, note: 'Paires d’essais d’entraînement proches : partent avec l’un ou l’autre essai.' },
  similarity_case_steps: { personal: true, retention: 'year', exported: true, note: 'Étapes d’un dossier de similarité : partent avec la copie qu’elles nomment.' },
  lti_platforms: { personal: false, note: 'Plateformes LTI déclarées.' },
  lti_deployments: { personal: false, note: 'Déploiements LTI.' },
  lti_keys: { personal: false, note: 'Clés de signature de l’outil.' },
  lti_registration_tickets: { personal: true, retention: 'short', exported: false, note: 'Tickets d’inscription dynamique ; qui les a créés (personnel).' },
  lti_launch_states: { personal: false, note: 'États OIDC des lancements (courte durée).' },
  lti_nonces: { personal: false, note: 'Nonces déjà vus (courte durée).' },
  lti_user_links: { personal: true, retention: 'account', exported: true, note: 'Lien entre un compte et son identifiant sur la plateforme LTI : part avec le compte.' },
  lti_contexts: { personal: false, note: 'Contextes (cours) LTI.' },
  lti_resource_links: { personal: false, note: 'Liens de ressources LTI.' },
  lti_deep_link_requests: { personal: true, retention: 'short', exported: false, note: 'Demandes de liens profonds en cours (courte durée) : partent avec le compte.' },
  lti_handoffs: { personal: true, retention: 'short', exported: false, note: 'Codes de passage d’un lancement (courte durée) : partent avec le compte.' },
  lti_grades: { personal: true, retention: 'account', exported: true, note: 'File des notes à renvoyer à la plateforme LTI : part avec le compte.' },
  lti_link_members: { personal: true, retention: 'account', exported: false, note: 'Qui a lancé quelle activité LTI (la note ne repart que vers elle) : part avec le compte.' },
  copy_accesses: { personal: true, retention: 'account', exported: true, note: 'Consultations des copies par le personnel (qui, quand, quoi) : celles d’une copie partent avec elle, les autres avec le compte.' },
  retention_holds: { personal: true, retention: 'account', exported: true, note: 'Gels de conservation posés par le personnel, avec leur raison ; supprimés avec le compte.' },
  retention_purges: { personal: true, retention: 'record', exported: false, note: 'Bordereaux d’élimination : des nombres et le nom de qui a purgé, aucun étudiant.' },
  data_deletion_requests: { personal: true, retention: 'record', exported: true, note: 'Demandes d’effacement et décisions ; une demande accordée ne garde plus le compte.' },
};
