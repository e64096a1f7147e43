/** One component of every question type, as the quiz editor sends them (new: no id, a temporary_id). */
export const everyQuestionType = [
  {
    temporary_id: 'tmp-choice',
    component_type: 'choice',
    data: {
      question: 'Столица Казахстана?',
      options: [
        { id: 'a', text: 'Астана' },
        { id: 'b', text: 'Алматы' },
      ],
      correct: ['a'],
    },
    settings: { points: 2, penalty_points: 1, hint: 'На Ишиме' },
  },
  {
    temporary_id: 'tmp-free',
    component_type: 'free',
    data: { question: 'Напишите эссе о лете' },
    settings: { points: 5, is_attachments_allowed: true, is_antiplagiarism: true },
  },
  {
    temporary_id: 'tmp-open',
    component_type: 'open',
    data: { question: 'Кто написал «Абай жолы»?', sample_answer: 'Мухтар Ауэзов' },
    settings: { points: 1 },
  },
  {
    temporary_id: 'tmp-gaps',
    component_type: 'fill-space',
    data: {
      question: 'Заполните пропуск',
      text: '2 + 2 = {{sum}}',
      gaps: [{ id: 'sum', answers: ['4', 'четыре'] }],
    },
    settings: { points: 1, variant_group: 2 },
  },
  {
    temporary_id: 'tmp-drag',
    component_type: 'drag-and-drop',
    data: {
      question: 'Сопоставьте',
      items: [{ id: 'i1', text: 'H₂O' }],
      targets: [{ id: 't1', text: 'Вода' }],
      correct: { i1: 't1' },
    },
    settings: { points: 3, difficulty_group: 1 },
  },
  {
    temporary_id: 'tmp-code',
    component_type: 'code',
    data: {
      question: 'Выведите сумму двух чисел',
      languages: ['javascript', 'python'],
      tests: [
        { input: '1 2', expected_output: '3', memory_limit: 2048 * 1024, time_limit: 1000, points: 2 },
        { input: '2 2', expected_output: '4', memory_limit: 4096, time_limit: 15000, points: 2 },
      ],
    },
  },
];
/** 2 + 5 + 1 + 1 + 3 + (2 + 2) */
export const everyQuestionTypeMaxScore = 16;
