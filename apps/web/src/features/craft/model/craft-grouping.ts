/**
 * Rows of one material next to each other share one material cell (a row span), the way LightBurn's
 * library groups entries under a material. Only neighbours merge: sorted by something else, a
 * material that comes back later starts a new group rather than pulling rows out of order.
 */
export function materialRowSpans(rows: ReadonlyArray<{ material: string }>): number[] {
  const spans = rows.map(() => 0);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i]!.material !== rows[start]!.material) {
      spans[start] = i - start;
      start = i;
    }
  }
  return spans;
}

/** Whether the row at `index` is the last of its material group (the group's divider goes under it). */
export function endsMaterialGroup(rows: ReadonlyArray<{ material: string }>, index: number): boolean {
  const next = rows[index + 1];
  return !next || next.material !== rows[index]?.material;
}
