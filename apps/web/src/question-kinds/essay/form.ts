// The ESSAY kind's part of the question editor: its optional word limit, response template and grader information,
// under `essay` as in the API body (a server message on `essay.word_limit` lands on its field as it is).
export interface EssayForm {
  essay: {
    word_limit: number | string;
    response_template: string;
    grader_info: string;
  };
}
