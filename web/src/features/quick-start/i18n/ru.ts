/** The quick start (`/startx`) in Russian: the source of the keys (en and kz are typed against it). */
export const ru = {
  title: 'Быстрый старт',
  lead: 'Введите код, который показал учитель, чтобы перейти к заданию.',
  label: 'Код задания',
  description: '8 символов, например ABCD-EFGH. Регистр и дефис не важны.',
  go: 'Перейти',
  signIn: 'Чтобы перейти к заданию, войдите в свой аккаунт: код сохранится.',
  signInButton: 'Войти',
  notFound: 'Код не найден. Проверьте его или спросите учителя.',
  incomplete: 'В коде 8 символов.',
  failed: 'Не удалось проверить код. Проверьте соединение и попробуйте ещё раз.',
};
export type QuickStartMessages = typeof ru;
