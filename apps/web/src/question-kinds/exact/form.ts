// The EXACT kind's part of the question editor: its accepted answers and its optional numeric tolerance.
export interface Answer {
  id?: number;
  content: string;
}
export interface ExactForm {
  answers: Answer[];
  tolerance_on: boolean;
  tolerance_kind: 'absolute' | 'relative';
  tolerance_value: number | string;
}
