// The QCM's part of the question editor: its choices, each right or not.
export interface Choice {
  id?: number;
  content: string;
  is_correct: boolean;
}
export interface QcmForm {
  choices: Choice[];
}
