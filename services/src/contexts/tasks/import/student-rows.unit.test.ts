import { describe, expect, it } from 'vitest';
import { parseCsv } from './read-rows';
import { columnsOf, studentOf } from './student-rows';

describe('reading an import table', () => {
  it('parses CSV with ; , or tab, quotes, a byte-order mark and CRLF', () => {
    expect(parseCsv('\uFEFFФамилия;Имя\r\n"Иванов; мл.";Пётр\r\n"Ка""вычки";"две\nстроки"\r\n')).toEqual([
      ['Фамилия', 'Имя'],
      ['Иванов; мл.', 'Пётр'],
      ['Ка"вычки', 'две\nстроки'],
    ]);
    expect(parseCsv('lastname,firstname\nIvanov,Petr')).toEqual([
      ['lastname', 'firstname'],
      ['Ivanov', 'Petr'],
    ]);
    expect(parseCsv('a\tb\n1\t2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('finds the columns by Russian or English titles, and names the missing required ones', () => {
    const columns = columnsOf(['Фамилия', ' ИМЯ ', 'Логин', 'E-mail', 'Примечание']);
    expect(Object.fromEntries(columns)).toEqual({ lastname: 0, firstname: 1, username: 2, email: 3 });
    expect(() => columnsOf(['ФИО', 'Логин'])).toThrow('В файле нет столбцов: Фамилия, Имя');
  });

  it('checks each line as the create form would; empty optional cells are absent', () => {
    const columns = columnsOf(['Фамилия', 'Имя', 'Логин', 'Пароль', 'E-mail']);
    expect(studentOf(['Касымова', 'Айгерим', 'aigerim.k', '', ''], columns)).toEqual({
      student: { lastname: 'Касымова', firstname: 'Айгерим', username: 'aigerim.k' },
    });
    expect(studentOf(['', 'Айгерим', 'логин', '123', 'почта'], columns)).toEqual({
      errors: [
        'Не указана фамилия',
        'Логин: латинские буквы, цифры, точка, дефис или подчёркивание',
        'Минимальная длина пароля 6 символов',
        'Неверный адрес электронной почты',
      ],
    });
  });
});
