/**
 * The demo teacher's lessons, quizzes and course: every component type and every question type, so
 * that each editor and each grading rule can be tried at once after `npm start`.
 */
/** Inline, so the demo shows it without any upload (the web app's CSP allows data: images). */
const KAZAKHSTAN_FLAG =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#00afca"/>' +
      '<circle cx="100" cy="50" r="22" fill="#fec50c"/></svg>',
  );

export interface DemoComponent {
  key: string;
  component_type: string;
  data: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

export interface DemoLesson {
  key: string;
  name: string;
  description: string;
  color: string;
  chapters: { key: string; name: string; components: DemoComponent[] }[];
}

export const demoLessons: DemoLesson[] = [
  {
    key: 'python-intro',
    name: 'Введение в программирование на Python',
    description: 'Что такое программа, как её запустить и как вывести текст на экран.',
    color: '#2f6fdb',
    chapters: [
      {
        key: 'what-is-programming',
        name: 'Что такое программирование',
        components: [
          {
            key: 'intro-text',
            component_type: 'text',
            data: {
              content:
                '<p>Программа — это последовательность команд, которые выполняет компьютер. Python читает команды сверху вниз.</p>',
            },
          },
          {
            key: 'intro-video',
            component_type: 'embed',
            data: { url: 'https://www.python.org/about/gettingstarted/', caption: 'Официальное руководство' },
          },
        ],
      },
      {
        key: 'first-program',
        name: 'Первая программа',
        components: [
          {
            key: 'print-text',
            component_type: 'text',
            data: { content: '<p>Команда <code>print("Сәлем!")</code> выводит текст на экран.</p>' },
          },
          {
            key: 'print-check',
            component_type: 'choice',
            data: {
              question: 'Какая команда выводит текст на экран?',
              options: [
                { id: 'print', text: 'print()' },
                { id: 'input', text: 'input()' },
                { id: 'len', text: 'len()' },
              ],
              correct: ['print'],
            },
            settings: { points: 1, hint: 'Английское слово «печатать».' },
          },
        ],
      },
    ],
  },
  {
    key: 'geography',
    name: 'География Казахстана',
    description: 'Столица, крупные города и реки.',
    color: '#1e9e6a',
    chapters: [
      {
        key: 'cities',
        name: 'Города',
        components: [
          {
            key: 'cities-text',
            component_type: 'text',
            data: {
              content:
                '<p>Столица Казахстана — Астана. Крупнейший город — Алматы, он расположен у подножия Заилийского Алатау.</p>',
            },
          },
          {
            key: 'map',
            component_type: 'media',
            data: {
              media_type: 'image',
              src: KAZAKHSTAN_FLAG,
              caption: 'Флаг Республики Казахстан',
            },
          },
          {
            key: 'capital-gap',
            component_type: 'fill-space',
            data: {
              question: 'Заполните пропуск',
              text: 'Столица Казахстана — {{capital}}.',
              gaps: [{ id: 'capital', answers: ['Астана'] }],
            },
            settings: { points: 1 },
          },
        ],
      },
      {
        key: 'rivers',
        name: '',
        components: [
          {
            key: 'rivers-text',
            component_type: 'text',
            data: { content: '<p>Самые длинные реки: Иртыш, Ишим, Сырдарья, Урал.</p>' },
          },
        ],
      },
    ],
  },
];

export interface DemoQuiz {
  key: string;
  name: string;
  description: string;
  components: DemoComponent[];
}

export const demoQuizzes: DemoQuiz[] = [
  {
    key: 'basics',
    name: 'Проверочная работа: основы',
    description: 'Вопросы всех видов с автоматической и ручной проверкой.',
    components: [
      {
        key: 'single',
        component_type: 'choice',
        data: {
          question: 'Сколько будет 2 + 2 × 2?',
          options: [
            { id: 'six', text: '6' },
            { id: 'eight', text: '8' },
            { id: 'four', text: '4' },
          ],
          correct: ['six'],
        },
        settings: { points: 1, penalty_points: 0.5, feedback: 'Сначала умножение, потом сложение.' },
      },
      {
        key: 'multiple',
        component_type: 'choice',
        data: {
          question: 'Какие из чисел простые?',
          options: [
            { id: 'two', text: '2' },
            { id: 'three', text: '3' },
            { id: 'nine', text: '9' },
            { id: 'eleven', text: '11' },
          ],
          correct: ['two', 'three', 'eleven'],
          multiple: true,
        },
        settings: { points: 2, difficulty_group: 2 },
      },
      {
        key: 'gaps',
        component_type: 'fill-space',
        data: {
          question: 'Заполните пропуски',
          text: 'Вода кипит при {{boil}} °C и замерзает при {{freeze}} °C.',
          gaps: [
            { id: 'boil', answers: ['100'] },
            { id: 'freeze', answers: ['0', 'ноль'] },
          ],
        },
        settings: { points: 2 },
      },
      {
        key: 'match',
        component_type: 'drag-and-drop',
        data: {
          question: 'Сопоставьте вещество и формулу',
          items: [
            { id: 'water', text: 'Вода' },
            { id: 'salt', text: 'Поваренная соль' },
          ],
          targets: [
            { id: 'h2o', text: 'H₂O' },
            { id: 'nacl', text: 'NaCl' },
          ],
          correct: { water: 'h2o', salt: 'nacl' },
        },
        settings: { points: 2 },
      },
      {
        key: 'essay',
        component_type: 'free',
        data: { question: 'Опишите, зачем школьнику изучать программирование (5–7 предложений).' },
        settings: { points: 5, is_attachments_allowed: true, is_antiplagiarism: true },
      },
      {
        key: 'open',
        component_type: 'open',
        data: { question: 'Назовите автора поэмы «Абай жолы».', sample_answer: 'Мухтар Ауэзов' },
        settings: { points: 1 },
      },
    ],
  },
  {
    key: 'programming',
    name: 'Программирование: задачи',
    description: 'Задача с автоматической проверкой кода на JavaScript или Python.',
    components: [
      {
        key: 'instructions',
        component_type: 'text',
        data: { content: '<p>Программа читает данные со стандартного ввода и печатает ответ.</p>' },
      },
      {
        key: 'sum',
        component_type: 'code',
        data: {
          question: 'Даны два целых числа в одной строке через пробел. Выведите их сумму.',
          languages: ['javascript', 'python'],
          tests: [
            {
              input: '2 3\n',
              expected_output: '5\n',
              memory_limit: 64 * 1024 * 1024,
              time_limit: 2000,
              points: 1,
            },
            {
              input: '-7 10\n',
              expected_output: '3\n',
              memory_limit: 64 * 1024 * 1024,
              time_limit: 2000,
              points: 1,
            },
            {
              input: '1000000000 1000000000\n',
              expected_output: '2000000000\n',
              memory_limit: 64 * 1024 * 1024,
              time_limit: 2000,
              points: 2,
            },
          ],
          templates: {
            python: 'a, b = map(int, input().split())\n',
            javascript:
              "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\n",
          },
        },
        settings: { penalty_points: 0 },
      },
      {
        key: 'explain',
        component_type: 'open',
        data: { question: 'Почему сумма 1000000000 + 1000000000 может не поместиться в 32-битное целое?' },
        settings: { points: 1 },
      },
    ],
  },
];

export const demoCourse = {
  key: 'programming-course',
  name: 'Основы программирования',
  short_description: 'Первые шаги в Python с проверочными работами.',
  groups: [
    {
      key: 'week-1',
      name: 'Неделя 1',
      materials: [
        { key: 'lesson', type: 'lesson' as const, lesson: 'python-intro' },
        { key: 'quiz', type: 'quiz' as const, quiz: 'programming' },
      ],
    },
  ],
};
