import { describe, expect, it } from 'vitest';
import { canFor } from '../../../app/access/use-can';
import { craftRights } from './craft-access';
import { CRAFT_COLUMNS, DEFAULT_CRAFT_COLUMNS, readCraftColumns, writeCraftColumns } from './craft-columns';

describe('the column choice', () => {
  it('shows all but the update time until the reader chooses, and keeps table order', () => {
    expect(readCraftColumns(null)).toEqual(CRAFT_COLUMNS.filter((column) => column !== 'updatedAt'));
    expect(readCraftColumns(writeCraftColumns([...CRAFT_COLUMNS]))).toEqual([...CRAFT_COLUMNS]);
    const stored = writeCraftColumns(['speed', 'thickness']);
    expect(readCraftColumns(stored)).toEqual(['thickness', 'speed']);
    expect(readCraftColumns('[]')).toEqual([]);
  });

  it('ignores unknown columns and broken values', () => {
    expect(readCraftColumns('["colour","power"]')).toEqual(['power']);
    expect(readCraftColumns('{')).toEqual([...DEFAULT_CRAFT_COLUMNS]);
    expect(readCraftColumns('"power"')).toEqual([...DEFAULT_CRAFT_COLUMNS]);
  });
});

describe('craft rights', () => {
  const user = canFor({ roles: ['user'], permissions: ['craft:library:*', 'craft:personal:*'] });
  const admin = canFor({ roles: ['admin'], permissions: ['*:*:*'] });
  const keeper = canFor({
    roles: ['user'],
    permissions: ['craft:library:list', 'craft:personal:edit', 'craft:standard:edit'],
  });

  it('lets everyone edit their own library and only keepers the standard one', () => {
    expect(craftRights('personal', user)).toEqual({ edit: true, copy: true });
    expect(craftRights('standard', user)).toEqual({ edit: false, copy: true });
    expect(craftRights('standard', admin)).toEqual({ edit: true, copy: true });
    expect(craftRights('standard', keeper).edit).toBe(true);
  });
});
