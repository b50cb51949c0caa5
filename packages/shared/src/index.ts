// Payload definitions shared by the web app and the API: one zod schema per payload.
export * from './zod-fr';
export * from './common';
export * from './envelope';
export * from './helper';
export * from './auth';
export * from './session';
export * from './academic';
export * from './runner';
export * from './courses';
export * from './exams';
export * from './questions';
export * from './grading';
export * from './exam-taking';
export * from './exam-access';
export * from './answers';
export * from './exam-results';
export * from './practice';
