import { describe, expect, it } from 'vitest';
import {
  acceptFor,
  isPickable,
  kindChoices,
  pickerFiles,
  toStored,
  typeParam,
  type PickedMedia,
} from './picker-model';

describe('media picker filters', () => {
  it('offers "all" only when more than one kind is allowed', () => {
    expect(kindChoices(['image'])).toEqual(['image']);
    expect(kindChoices(['image', 'video', 'document'])).toEqual(['all', 'image', 'video', 'document']);
  });

  it('sends one type, or none for "all"', () => {
    expect(typeParam('video')).toBe('video');
    expect(typeParam('all')).toBeNull();
  });

  it('lets a ready file of an allowed kind be chosen, never a folder, another kind or an unconverted video', () => {
    expect(isPickable({ type: 'image', status: 'ready' }, ['image'])).toBe(true);
    expect(isPickable({ type: 'image', status: null }, ['image'])).toBe(true);
    expect(isPickable({ type: 'folder', status: null }, ['image'])).toBe(false);
    expect(isPickable({ type: 'document', status: 'ready' }, ['image'])).toBe(false);
    expect(isPickable({ type: 'video', status: 'in_process' }, ['video'])).toBe(false);
    expect(isPickable({ type: 'video', status: 'failure' }, ['video'])).toBe(false);
    expect(isPickable({ type: 'video', status: 'ready' }, ['video'])).toBe(true);
  });

  it('lists the allowed files apart from folders', () => {
    const items = [
      { id: 'f', type: 'folder' as const, status: null },
      { id: 'i', type: 'image' as const, status: 'ready' as const },
      { id: 'd', type: 'document' as const, status: 'ready' as const },
      { id: 'v', type: 'video' as const, status: 'in_process' as const },
    ];
    expect(pickerFiles(items, ['image', 'video']).map((i) => i.id)).toEqual(['i', 'v']);
  });

  it('narrows the upload dialog to the allowed media types', () => {
    expect(acceptFor(['image'])).toBe('image/*');
    expect(acceptFor(['image', 'video'])).toBe('image/*,video/*');
    expect(acceptFor(['document'])).toBeUndefined();
  });

  it('stores the lasting address of a chosen file, not the signed URL that expires in an hour', () => {
    const picked: PickedMedia = {
      id: 'm1',
      name: 'cover.png',
      type: 'image',
      src: '/api/media/m1/file?expires=1700000000&signature=abc',
      preview_src: null,
    };
    const stored = toStored(picked, { shared_src: '/api/media/s/tok_en-43' });
    expect(stored).toEqual({ ...picked, src: '/api/media/s/tok_en-43' });
    expect(stored.src).not.toContain('signature=');
    // An answer without the address would store an expiring URL again: refused, the form keeps its value.
    expect(() => toStored(picked, { shared_src: null })).toThrow('m1');
    expect(() => toStored(picked, {})).toThrow();
  });
});
