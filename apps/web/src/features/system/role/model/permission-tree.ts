import { hasPermission, type MenuTreeNode } from '@kerf/contract';

/**
 * A role's grants against the menu tree (the role dialog's checkable tree). Grants are permission
 * strings, wildcards included (`drive:*:*`); a node is checked when the grants cover its permission.
 * Checking a node grants its permission and those of everything under it (and of the pages above a
 * button, without which it is never reached); unchecking takes them away, replacing a wildcard that
 * covered them with the tree's permissions it still stands for.
 */

const covers = (grants: readonly string[], permission: string) =>
  Boolean(permission) && hasPermission({ roles: [], permissions: grants }, permission);

interface Indexed {
  node: MenuTreeNode;
  ancestors: MenuTreeNode[];
}

function index(tree: readonly MenuTreeNode[]): Map<string, Indexed> {
  const byId = new Map<string, Indexed>();
  const walk = (nodes: readonly MenuTreeNode[], ancestors: MenuTreeNode[]) => {
    for (const node of nodes) {
      byId.set(node.id, { node, ancestors });
      walk(node.children, [...ancestors, node]);
    }
  };
  walk(tree, []);
  return byId;
}

function subtree(node: MenuTreeNode): MenuTreeNode[] {
  return [node, ...node.children.flatMap(subtree)];
}

const unique = (list: readonly string[]) => [...new Set(list)];

/** Every permission the tree names, once each, in tree order. */
export function treePermissions(tree: readonly MenuTreeNode[]): string[] {
  return unique(tree.flatMap(subtree).flatMap((node) => (node.permission ? [node.permission] : [])));
}

/**
 * The tree's checkboxes for these grants (antd Tree with checkStrictly): a node with a permission is
 * checked when it is covered, half-checked when only something under it is; a directory without one
 * is checked when everything under it is covered.
 */
export function checkState(
  tree: readonly MenuTreeNode[],
  grants: readonly string[],
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  /** Whether all and whether some of the permissions at and under `node` are covered. */
  const visit = (node: MenuTreeNode): { all: boolean; some: boolean; any: boolean } => {
    const below = node.children.map(visit);
    const own = node.permission ? covers(grants, node.permission) : null;
    const any = own !== null || below.some((b) => b.any);
    const all = any && own !== false && below.every((b) => b.all || !b.any);
    const some = own === true || below.some((b) => b.some);
    if (own === true || (own === null && all)) checked.push(node.id);
    else if (some) halfChecked.push(node.id);
    return { all, some, any };
  };
  tree.forEach(visit);
  return { checked, halfChecked };
}

/** The grants after (un)checking node `id` in the tree. */
export function toggle(
  tree: readonly MenuTreeNode[],
  grants: readonly string[],
  id: string,
  checked: boolean,
): string[] {
  const found = index(tree).get(id);
  if (!found) return [...grants];
  const under = subtree(found.node)
    .map((node) => node.permission)
    .filter(Boolean);
  if (checked) {
    const above = found.ancestors.map((node) => node.permission).filter(Boolean);
    const wanted = unique([...above, ...under]);
    return unique([...grants, ...wanted.filter((p) => !covers(grants, p))]);
  }
  const dropped = grants.filter((grant) => under.some((p) => covers([grant], p)));
  const kept = grants.filter((grant) => !dropped.includes(grant));
  // what a dropped wildcard stood for in the tree, apart from what is being unchecked, stays granted
  const still = treePermissions(tree).filter(
    (p) => !under.includes(p) && covers(dropped, p) && !covers(kept, p) && !under.some((u) => covers([p], u)),
  );
  return unique([...kept, ...still]);
}

/** The grants that are not a permission of the tree (wildcards, calls no menu names), shown apart. */
export function otherGrants(tree: readonly MenuTreeNode[], grants: readonly string[]): string[] {
  const named = new Set(treePermissions(tree));
  return grants.filter((grant) => !named.has(grant));
}

/** The grants with the "other" ones replaced by `others` (the tree's own stay as they are). */
export function withOtherGrants(
  tree: readonly MenuTreeNode[],
  grants: readonly string[],
  others: readonly string[],
): string[] {
  const named = new Set(treePermissions(tree));
  return unique([...grants.filter((grant) => named.has(grant)), ...others.map((o) => o.trim()).filter(Boolean)]);
}
