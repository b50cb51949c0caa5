// The ALGORITHM kind on the web: a Python or R program, run against the question's test cases.
import { num } from '../form-values';
import type { QuestionKindUi } from '../types';
import { algorithmFacts } from './facts';
import { algorithmViews } from './views';
import { AlgorithmAnswerInput } from './answer-input';
import { AlgorithmEditorFields, AlgorithmVariantAnswers } from './editor-fields';
import { blankTest, type AlgorithmForm } from './form';
import { algorithmTexts } from './texts';

export const algorithmKind: QuestionKindUi<AlgorithmForm> = {
  kind: 'ALGORITHM',
  ...algorithmFacts,
  ...algorithmViews,
  AnswerInput: AlgorithmAnswerInput,
  editor: {
    Fields: AlgorithmEditorFields,
    toForm: (q) => ({
      language: q?.language ?? 'PYTHON',
      starter_code: q?.starter_code ?? '',
      reference_solution: q?.reference_solution ?? '',
      cpu_seconds: q?.limits?.cpu_seconds ?? '',
      memory_mb: q?.limits?.memory_mb ?? '',
      grading: q?.grading ?? 'PER_CASE',
      echo_input: q?.echo_input === 1,
      tests: q?.possible_solutions.length
        ? q.possible_solutions.map((p) => ({
            id: p.id,
            stdin: p.stdin,
            expected_output: p.expected_output,
            test_code: p.test_code ?? '',
            is_hidden: p.is_hidden === 1,
            // An example's display says nothing (it is always shown): a case hidden later starts never shown.
            display: p.is_hidden === 1 ? (p.display ?? 'HIDE') : 'HIDE',
            weight: p.weight,
          }))
        : [blankTest()],
    }),
    toBody: (v) => {
      const cpu = num(v.cpu_seconds);
      const mem = num(v.memory_mb);
      return {
        language: v.language,
        starter_code: v.starter_code,
        reference_solution: v.reference_solution,
        limits: cpu !== undefined && mem !== undefined ? { cpu_seconds: cpu, memory_mb: mem } : null,
        grading: v.grading,
        echo_input: v.language === 'PYTHON' && v.echo_input ? 1 : 0,
        possible_solutions: v.tests.map((c) => ({
          id: c.id,
          stdin: c.stdin,
          expected_output: c.expected_output,
          test_code: c.test_code,
          is_hidden: (c.is_hidden ? 1 : 0) as 0 | 1,
          display: c.is_hidden ? c.display : 'SHOW',
          weight: num(c.weight) ?? 1,
        })),
      };
    },
    solutionsField: { list: 'tests', wholeItem: true },
    check: (v, setError) => {
      // The run limits go together: both, or neither (the platform's defaults).
      const cpu = num(v.cpu_seconds) === undefined;
      if (cpu === (num(v.memory_mb) === undefined)) return true;
      setError(cpu ? 'cpu_seconds' : 'memory_mb', { type: 'manual', message: algorithmTexts.limitsBoth }, { shouldFocus: true });
      return false;
    },
    generatorHint: algorithmTexts.generatorOutputHint,
    VariantAnswers: AlgorithmVariantAnswers,
  },
};
