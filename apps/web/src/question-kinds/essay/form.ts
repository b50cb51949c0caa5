// The ESSAY kind's part of the question editor: its optional word limit, response template, grader information and
// rubric, under `essay` as in the API body (a server message on `essay.word_limit` or `essay.rubric.criteria.0.title`
// lands on its field as it is).
export interface RubricLevelForm {
  id: string;
  label: string;
  points: number | string;
  description: string;
}

export interface RubricCriterionForm {
  id: string;
  title: string;
  description: string;
  levels: RubricLevelForm[];
}

export interface EssayForm {
  essay: {
    word_limit: number | string;
    response_template: string;
    grader_info: string;
    /** False: no rubric (the criteria below are not sent). */
    rubric_on: boolean;
    rubric: { free_points: boolean; criteria: RubricCriterionForm[] };
  };
}
