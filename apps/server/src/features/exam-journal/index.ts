// Public entry of the attempt journal: its staff route, and the appends other features make (exam taking records
// the student's side, exams the staff's: time granted, exam closed). It imports no other feature.
export { examJournalRoutes } from './routes';
export { appendEvents, appendForOpenAttempts, appendForStudent, appendOnce, journalBestEffort, readJournal, type NewEvent } from './service';
export { countSignals, journaledSubmissions } from './repository';
