import { describe, expect, it } from 'vitest';
import { multipart } from '../../client/data/multipart';

describe('multipart', () => {
  it('writes text, numbers and booleans as text, appends each of a list, and leaves out null and undefined', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const form = multipart({ channelId: 7, pinned: false, title: '공지', keep: ['k1', 'k2'], images: [file], banner: null, gone: undefined, none: [] });
    expect([...form.keys()]).toEqual(['channelId', 'pinned', 'title', 'keep', 'keep', 'images']);
    expect(form.get('channelId')).toBe('7');
    expect(form.get('pinned')).toBe('false');
    expect(form.getAll('keep')).toEqual(['k1', 'k2']);
    const sent = form.get('images') as File;
    expect(sent.name).toBe('a.png');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
