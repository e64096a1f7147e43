import { describe, expect, it } from 'vitest';
import { actionsOf, failedRows } from './model';

describe('task model', () => {
  it('offers the actions the state allows', () => {
    expect(actionsOf('process')).toEqual(['suspend', 'abort']);
    expect(actionsOf('suspended')).toEqual(['resume', 'abort']);
    expect(actionsOf('completed')).toEqual([]);
  });

  it('reads the failed rows of an import report', () => {
    const report =
      '\uFEFFСтрока;Результат;Вопрос;Примечание\r\n2;добавлен;Вопрос 1;\r\n' +
      '4;ошибка;"Вопрос; с точкой с запятой";Нет варианта 5: вариантов 3\r\n';
    expect(failedRows(report)).toEqual([{ row: '4', reason: 'Нет варианта 5: вариантов 3' }]);
  });
});
