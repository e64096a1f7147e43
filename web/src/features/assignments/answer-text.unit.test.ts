import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text';

const choice = {
  options: [
    { id: 'a', text: '6' },
    { id: 'b', text: '8' },
  ],
};

describe('answerText', () => {
  it('names the chosen options by their text', () => {
    expect(answerText('choice', choice, { selected: ['b', 'a'] })).toBe('8, 6');
  });
  it('pairs dragged items with their targets', () => {
    const data = { items: [{ id: 'w', text: 'Вода' }], targets: [{ id: 'h', text: 'H₂O' }] };
    expect(answerText('drag-and-drop', data, { placements: { w: 'h' } })).toBe('Вода → H₂O');
  });
  it('joins the gaps and reads free text', () => {
    expect(answerText('fill-space', {}, { gaps: { x: '100', y: '0' } })).toBe('100 · 0');
    expect(answerText('free', {}, { text: 'Эссе' })).toBe('Эссе');
  });
  it('is empty without an answer', () => {
    expect(answerText('choice', choice, null)).toBe('');
  });
});
