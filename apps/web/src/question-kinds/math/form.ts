// The MATH kind's part of the question editor: the expected expression (LaTeX, as MathLive writes it).
export interface MathForm {
  expected: string;
}
