import type { ClashChoice, ClashPolicy, RestoreOutcome } from '@kerf/contract';
import { type ClashQuestion, groupByChoice } from './clash-resolver';

export interface RestoreDeps {
  restore(batches: readonly string[], onClash: ClashPolicy): Promise<{ msg: string; data: RestoreOutcome }>;
  resolve(question: ClashQuestion): Promise<ClashChoice>;
}

/**
 * Restores bin batches, asking about each name taken meanwhile: the batches without a clash go back at
 * once; each clashing one waits for its answer (replace, keep both, skip, maybe "for all"), and then the
 * replaced and the kept ones go back in one call per choice.
 */
export async function restoreAsking(
  batches: readonly string[],
  batchKey: string,
  deps: RestoreDeps,
): Promise<{ restored: number; skipped: number; msg: string }> {
  const first = await deps.restore(batches, 'ask');
  let { restored, skipped } = first.data;
  let msg = first.msg;
  const clashes = first.data.clashes;
  const choices: ClashChoice[] = [];
  for (const clash of clashes) {
    choices.push(await deps.resolve({ batch: batchKey, clash, purpose: 'restore' }));
  }
  const groups = groupByChoice(
    clashes.map((clash) => clash.deleteBatchNum),
    choices,
  );
  skipped += groups.skip.length;
  for (const choice of ['replace', 'keepBoth'] as const) {
    if (!groups[choice].length) continue;
    const next = await deps.restore(groups[choice], choice);
    restored += next.data.restored;
    skipped += next.data.skipped;
    msg = next.msg;
  }
  return { restored, skipped, msg };
}
