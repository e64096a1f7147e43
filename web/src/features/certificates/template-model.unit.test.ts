import { describe, expect, it } from 'vitest';
import {
  clampBox,
  customVariable,
  draftOf,
  elementOf,
  emptyDraft,
  movedBox,
  newElement,
  previewBody,
  resizedBox,
  templateBody,
} from './template-model';

describe('the template editor: places on the sheet', () => {
  it('keeps a box on the sheet, at least 1 % each way, in tenths of a per cent', () => {
    expect(clampBox({ x: -5, y: 99, width: 0, height: 10 })).toEqual({ x: 0, y: 90, width: 1, height: 10 });
    expect(clampBox({ x: 12.345, y: 0, width: 150, height: 5 })).toEqual({
      x: 0,
      y: 0,
      width: 100,
      height: 5,
    });
  });

  it('a drag moves the box by the per cent dragged and stops at the edges', () => {
    const box = { x: 10, y: 10, width: 20, height: 10 };
    expect(movedBox(box, 5.04, -2)).toEqual({ x: 15, y: 8, width: 20, height: 10 });
    expect(movedBox(box, 500, 500)).toEqual({ x: 80, y: 90, width: 20, height: 10 });
  });

  it('a drag of the corner resizes, never past the sheet’s edge', () => {
    const box = { x: 70, y: 80, width: 20, height: 10 };
    expect(resizedBox(box, 5, 5)).toEqual({ x: 70, y: 80, width: 25, height: 15 });
    expect(resizedBox(box, 50, 50)).toEqual({ x: 70, y: 80, width: 30, height: 20 });
    expect(resizedBox(box, -40, -40)).toEqual({ x: 70, y: 80, width: 1, height: 1 });
  });
});

describe('the template editor: elements', () => {
  it('a built-in variable draws as its kind; a custom one shows its label', () => {
    expect(newElement('qr-code').type).toBe('qr-code');
    expect(newElement('company-logo').type).toBe('image');
    expect(newElement('fullname')).toMatchObject({ type: 'text', label: null, is_active: true });
    expect(newElement('custom-1', 'Директор')).toMatchObject({ type: 'text', label: 'Директор' });
    expect(customVariable(['custom-1', 'fullname', 'custom-3'])).toBe('custom-2');
  });

  it('a stored element lacking fields gets the defaults; a place off the sheet is brought back', () => {
    const element = elementOf({ variable: 'subject', options: { x: 95, width: 20 } as never }, 0);
    expect(element.options).toEqual({ x: 80, y: 52, width: 20, height: 7 });
    expect(element.styles.align).toBe('center');
    expect(element.generated_id).toBe('element-1');
  });
});

describe('the template editor: what is sent', () => {
  it('a new template is sent whole, with its counter; blank texts as null', () => {
    const draft = { ...emptyDraft(), name: ' Грамота ', serial_number: 'ШК-', serial_counter: 40 };
    const body = templateBody(draft);
    expect(body).toMatchObject({ name: 'Грамота', description: null, image: null, serial_counter: 40 });
    expect((body.elements as { variable: string }[]).map((e) => e.variable)).toEqual([
      'company-name',
      'fullname',
      'subject',
      'date',
      'certificate_number',
      'qr-code',
    ]);
  });

  it('an edit sends only what changed, never the counter', () => {
    const saved = draftOf({
      id: 't1',
      owner_id: 'u1',
      image: null,
      name: 'Грамота',
      description: null,
      serial_number: 'ШК-',
      serial_counter: 7,
      elements: [{ variable: 'fullname' }],
    });
    expect(templateBody(saved, saved)).toEqual({});
    const moved = {
      ...saved,
      serial_counter: 99,
      elements: saved.elements.map((e) => ({ ...e, options: { ...e.options, y: 20 } })),
    };
    const body = templateBody(moved, saved);
    expect(Object.keys(body)).toEqual(['elements']);
    expect((body.elements as { options: { y: number } }[])[0]!.options.y).toBe(20);
  });

  it('the preview gets the layout and the sample values', () => {
    const draft = { ...emptyDraft(), image: '  ' };
    expect(previewBody(draft, { fullname: 'Иванов' })).toMatchObject({
      image: null,
      placeholders: { fullname: 'Иванов' },
    });
  });
});
