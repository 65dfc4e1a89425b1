import { randomInt } from 'node:crypto';
import { withCheckCharacter } from '@kerf/contract';
import {
  type Behaviour,
  type Credential,
  DEFAULT_BEHAVIOUR,
  Fleet,
  KerfApi,
  type SimMachineCodes,
  simCodes,
} from '@kerf/device-sim';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { tempDir, writeTemp } from './drive-support';

/** Codes no other run on this server used: a random 4-character prefix. */
export function freshMachine(): SimMachineCodes & { newBoard: { boardModel: string; boardSerial: string } } {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const prefix = Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return {
    ...simCodes(prefix, 1),
    newBoard: { boardModel: 'SIM-2', boardSerial: withCheckCharacter(`NB${prefix}000001000`.slice(0, 15)) },
  };
}

/** The maker's production list with one machine, as a CSV file on disk for the import dialog. */
export function registryFile(machine: SimMachineCodes): string {
  const csv = [
    '机器编号,机器ID,主板型号,主板序列号,版本,图片',
    `${machine.machineCode},E2E-${machine.machineCode},${machine.boardModel},${machine.boardSerial},2.1.0,`,
  ].join('\n');
  return writeTemp(tempDir('devices'), 'machines.csv', csv);
}

/**
 * The machine itself, played by the simulator: it claims its credential (the public call a machine
 * makes), connects over MQTT and runs its day only when told (no random jobs or faults), with
 * commands answered after a pause a person can see.
 */
export async function bootMachine(
  codes: SimMachineCodes,
): Promise<{ fleet: Fleet; credential: Credential; behaviour: Behaviour }> {
  const claimed = await new KerfApi(inject('baseURL')).claim(codes);
  if (claimed.code !== 0) throw new Error(`claim refused: ${claimed.msg}`);
  // the machine reads this object as it goes: a test may shorten the next job
  const behaviour: Behaviour = {
    ...DEFAULT_BEHAVIOUR,
    startChance: 0,
    faultChance: 0,
    // a fault stays until the test is done looking at it
    faultTicks: 600,
    tickSeconds: 1,
    // long enough to be paused on a loaded machine
    jobSeconds: 120,
    // answers come after a pause a person (and the page) can see
    ackDelayMs: 2500,
  };
  const fleet = new Fleet(
    [claimed.data],
    {
      behaviour,
      seed: 7,
      dropChance: 0,
      shutdownChance: 0,
    },
    () => undefined,
  );
  await fleet.start();
  return { fleet, credential: claimed.data, behaviour };
}

/** The state a device badge shows, by the badge's data attribute. */
export function stateBadge(scope: Page | Locator, state: string): Locator {
  return scope.locator(`.device-state[data-state="${state}"]`).first();
}

/**
 * Records, from now on and across the app's own navigations, every drawing state and task phase the
 * jobs table shows: the states pass too quickly to be caught by looking at them one at a time.
 */
export async function recordJobStates(page: Page, fileName: string) {
  await page.evaluate((fileName) => {
    const seen: string[] = [];
    (window as unknown as { jobStates: string[] }).jobStates = seen;
    const note = () => {
      for (const cell of document.querySelectorAll('[data-state], [data-phase]')) {
        // the send dialog's own progress, or the file's row in the machine's jobs table
        const inDialog = cell.matches('.device-send__progress, .device-send__task');
        const inTable =
          /发送的任务|Jobs sent/.test(cell.closest('table')?.getAttribute('aria-label') ?? '') &&
          (cell.closest('tr')?.textContent ?? '').includes(fileName);
        if (!inDialog && !inTable) continue;
        const value = cell.getAttribute('data-state') ?? `task:${cell.getAttribute('data-phase')}`;
        if (seen.at(-1) !== value && !seen.includes(value)) seen.push(value);
      }
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, attributes: true });
  }, fileName);
  return () => page.evaluate(() => (window as unknown as { jobStates: string[] }).jobStates);
}
