import type { ClashChoice, ClashPolicy, RestoreOutcome } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { restoreAsking } from './restore-clashes';

/** A bin in memory: `taken` batches clash with a live name until restored with a policy. */
function fakeBin(taken: string[]) {
  const calls: Array<[string[], ClashPolicy]> = [];
  return {
    calls,
    async restore(batches: readonly string[], onClash: ClashPolicy) {
      calls.push([[...batches], onClash]);
      const data: RestoreOutcome = { restored: 0, skipped: 0, clashes: [] };
      for (const batch of batches) {
        if (taken.includes(batch) && onClash === 'ask') {
          data.clashes.push({
            deleteBatchNum: batch,
            fileName: `${batch}.dxf`,
            isDir: 0,
            userFileId: batch,
            fileSize: 1,
            uploadTime: '',
          });
        } else if (taken.includes(batch) && onClash === 'skip') data.skipped++;
        else data.restored++;
      }
      return { msg: '还原成功', data };
    },
  };
}

describe('restoring with name clashes', () => {
  it('restores the free ones at once and each clashing one as answered', async () => {
    const bin = fakeBin(['b2', 'b3', 'b4']);
    const answers: Record<string, ClashChoice> = { 'b2.dxf': 'replace', 'b3.dxf': 'skip', 'b4.dxf': 'keepBoth' };
    const asked: string[] = [];
    const outcome = await restoreAsking(['b1', 'b2', 'b3', 'b4'], 'r1', {
      restore: bin.restore,
      resolve: async (question) => {
        asked.push(`${question.batch}:${question.purpose}:${question.clash.fileName}`);
        return answers[question.clash.fileName]!;
      },
    });
    expect(asked).toEqual(['r1:restore:b2.dxf', 'r1:restore:b3.dxf', 'r1:restore:b4.dxf']);
    expect(bin.calls).toEqual([
      [['b1', 'b2', 'b3', 'b4'], 'ask'],
      [['b2'], 'replace'],
      [['b4'], 'keepBoth'],
    ]);
    expect(outcome).toEqual({ restored: 3, skipped: 1, msg: '还原成功' });
  });

  it('asks nothing when nothing clashes', async () => {
    const bin = fakeBin([]);
    const outcome = await restoreAsking(['b1'], 'r2', {
      restore: bin.restore,
      resolve: async () => {
        throw new Error('should not ask');
      },
    });
    expect(outcome).toEqual({ restored: 1, skipped: 0, msg: '还原成功' });
    expect(bin.calls).toHaveLength(1);
  });
});
