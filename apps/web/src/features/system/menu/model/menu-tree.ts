import {
  type Locale,
  type MenuType,
  menuTitle,
  PERMISSION_PATTERN,
  type SysMenu,
  type SysMenuInput,
} from '@kerf/contract';

/** A row of the menu tree table: the entry with what sits under it (none: no expand button). */
export type MenuNode = SysMenu & { children?: MenuNode[] };

/** The flat list (in the tree's order) as a tree; an entry whose parent is not listed stands at the top. */
export function buildMenuTree(list: readonly SysMenu[]): MenuNode[] {
  const nodes = new Map(list.map((menu) => [menu.id, { ...menu } as MenuNode]));
  const top: MenuNode[] = [];
  for (const menu of list) {
    const node = nodes.get(menu.id)!;
    const parent = menu.parentId ? nodes.get(menu.parentId) : undefined;
    if (!parent) top.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return top;
}

/** The ids of the entries that have something under them: "expand all". */
export function expandableIds(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((node) => (node.children?.length ? [node.id, ...expandableIds(node.children)] : []));
}

/** The top level, as the parent picker's value (a tree select holds no null). */
export const ROOT = 'root';

export interface ParentChoice {
  value: string;
  title: string;
  disabled?: boolean;
  children?: ParentChoice[];
}

/**
 * The parent picker: the top level, then the tree without buttons; what cannot hold an entry of this
 * type (a page under a page) is greyed, and the entry itself with what is under it is left out.
 */
export function parentChoices(
  list: readonly SysMenu[],
  type: MenuType,
  self: string | undefined,
  locale: Locale,
  rootTitle: string,
): ParentChoice[] {
  const holds = (parent: SysMenu) => (type === 'F' ? parent.menuType !== 'F' : parent.menuType === 'M');
  const toChoice = (node: MenuNode): ParentChoice => {
    const children = (node.children ?? []).filter((child) => child.menuType !== 'F' && child.id !== self).map(toChoice);
    return {
      value: node.id,
      title: menuTitle(node, locale),
      ...(holds(node) ? {} : { disabled: true }),
      ...(children.length ? { children } : {}),
    };
  };
  const top = buildMenuTree(list).filter((node) => node.menuType !== 'F' && node.id !== self);
  return [{ value: ROOT, title: rootTitle, ...(type === 'F' ? { disabled: true } : {}), children: top.map(toChoice) }];
}

export type MenuForm = Omit<SysMenuInput, 'parentId'> & { parentId: string };

/** What the menu form starts with: the entry's own values, or a new one's under `parentId`, after its siblings. */
export function menuFormOf(menu: SysMenu | undefined, parentId: string | null, list: readonly SysMenu[]): MenuForm {
  if (menu) {
    return {
      parentId: menu.parentId ?? ROOT,
      menuType: menu.menuType,
      titleCn: menu.titleCn,
      titleEn: menu.titleEn,
      path: menu.path,
      icon: menu.icon,
      orderNum: menu.orderNum,
      visible: menu.visible,
      permission: menu.permission,
    };
  }
  const parent = parentId ? list.find((m) => m.id === parentId) : undefined;
  const siblings = list.filter((m) => m.parentId === (parentId ?? null));
  return {
    parentId: parentId ?? ROOT,
    menuType: parent?.menuType === 'C' ? 'F' : parent ? 'C' : 'M',
    titleCn: '',
    titleEn: '',
    path: '',
    icon: '',
    orderNum: siblings.reduce((max, m) => Math.max(max, m.orderNum), 0) + 1,
    visible: true,
    permission: '',
  };
}

/** The form's values as the server takes them. */
export function menuInputOf(form: MenuForm): SysMenuInput {
  const trim = (text: string | undefined) => (text ?? '').trim();
  return {
    ...form,
    parentId: form.parentId === ROOT ? null : form.parentId,
    titleCn: trim(form.titleCn),
    titleEn: trim(form.titleEn),
    path: form.menuType === 'F' ? '' : trim(form.path),
    icon: form.menuType === 'F' ? '' : trim(form.icon),
    permission: trim(form.permission),
  };
}

/** What is wrong with a permission for this type: a page or button needs one, in module:resource:action form. */
export function permissionProblem(type: MenuType, permission: string): 'required' | 'format' | null {
  const value = permission.trim();
  if (!value) return type === 'M' ? null : 'required';
  return PERMISSION_PATTERN.test(value) ? null : 'format';
}

/** A page needs an app path; a directory may have one; both start with `/`. */
export function pathProblem(type: MenuType, path: string): 'required' | 'format' | null {
  const value = path.trim();
  if (type === 'F' || (!value && type === 'M')) return null;
  if (!value) return 'required';
  return value.startsWith('/') ? null : 'format';
}
