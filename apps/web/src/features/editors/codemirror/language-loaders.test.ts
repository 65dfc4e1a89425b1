import { describe, expect, it } from 'vitest';
import { EDITOR_MODE_IDS } from '../model/editor-modes';
import { LANGUAGE_LOADERS } from './language-loaders';

describe('language loaders', () => {
  it('load a highlighter for every mode (plain text needs none)', async () => {
    for (const id of EDITOR_MODE_IDS) {
      const extension = await LANGUAGE_LOADERS[id]();
      if (id === 'text') expect(extension).toEqual([]);
      else expect(extension, id).toBeTruthy();
    }
  });
});
