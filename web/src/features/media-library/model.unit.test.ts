import { describe, expect, it } from 'vitest';
import {
  canPasteInto,
  isConverting,
  parentForPaste,
  sizeInKb,
  sortItems,
  trailFrom,
  uploadPercent,
} from './model';

describe('media model', () => {
  it('shows sizes as bytes / 1000 kilobytes (001 §9), to a tenth', () => {
    expect(sizeInKb(1000)).toBe(1);
    expect(sizeInKb(1536)).toBe(1.5);
    expect(sizeInKb(2_500_000)).toBe(2500);
    expect(sizeInKb(null)).toBeNull();
  });

  it('turns upload progress into a whole percentage within 0…100', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(512, 1024)).toBe(50);
    expect(uploadPercent(1023, 1024)).toBe(99);
    expect(uploadPercent(2048, 1024)).toBe(100);
  });

  it("pastes into the root as the string 'null' (001 §3)", () => {
    expect(parentForPaste(null)).toBe('null');
    expect(parentForPaste('f1')).toBe('f1');
  });

  it('converts videos until ready or failed; other files never convert', () => {
    expect(isConverting({ type: 'video', status: 'undefined' })).toBe(true);
    expect(isConverting({ type: 'video', status: 'in_process' })).toBe(true);
    expect(isConverting({ type: 'video', status: 'ready' })).toBe(false);
    expect(isConverting({ type: 'video', status: 'failure' })).toBe(false);
    expect(isConverting({ type: 'image', status: null })).toBe(false);
  });

  it('builds breadcrumbs from the folder up to the root, stopping at a cycle', () => {
    expect(
      trailFrom([
        { id: 'c', name: 'Видео', parent_id: 'b' },
        { id: 'b', name: '7 А', parent_id: 'a' },
        { id: 'a', name: 'Уроки', parent_id: null },
      ]),
    ).toEqual([
      { id: 'a', name: 'Уроки' },
      { id: 'b', name: '7 А' },
      { id: 'c', name: 'Видео' },
    ]);
    expect(
      trailFrom([
        { id: 'x', name: 'X', parent_id: 'y' },
        { id: 'y', name: 'Y', parent_id: 'x' },
        { id: 'x', name: 'X', parent_id: 'y' },
      ]),
    ).toEqual([
      { id: 'y', name: 'Y' },
      { id: 'x', name: 'X' },
    ]);
  });

  it('lists folders first, then by name in the reader’s language', () => {
    const sorted = sortItems(
      [
        { type: 'image' as const, name: 'Яблоко' },
        { type: 'folder' as const, name: 'Фото' },
        { type: 'video' as const, name: 'Арбуз' },
        { type: 'folder' as const, name: 'Аудио' },
      ],
      'ru',
    );
    expect(sorted.map((i) => i.name)).toEqual(['Аудио', 'Фото', 'Арбуз', 'Яблоко']);
  });

  it('offers paste only where the cut item would move', () => {
    expect(canPasteInto(null, null)).toBe(false);
    expect(canPasteInto({ id: 'a', parent_id: null }, null)).toBe(false);
    expect(canPasteInto({ id: 'a', parent_id: null }, 'f')).toBe(true);
    expect(canPasteInto({ id: 'f', parent_id: null }, 'f')).toBe(false);
    expect(canPasteInto({ id: 'a', parent_id: 'f' }, null)).toBe(true);
  });
});
