import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { withCheckCharacter } from '@kerf/contract';

/**
 * Gets simulated machines ready on a Kerf server through its public API, as a maker and an owner
 * would: register them (administrator), activate them for the signed-in account, and claim each
 * machine's credential. Credentials are kept in a state file, because a machine may claim only once;
 * one found activated without a kept credential is unbound and activated again.
 */

export interface SimMachineCodes {
  machineCode: string;
  boardModel: string;
  boardSerial: string;
}

export interface Credential {
  url: string;
  username: string;
  password: string;
}

/** Valid codes for the n-th machine of a run; `prefix` is 4 capital letters or digits. */
export function simCodes(prefix: string, n: number): SimMachineCodes {
  const digits = String(n).padStart(6, '0');
  return {
    machineCode: withCheckCharacter(`${prefix}S${digits}`),
    boardModel: 'SIM-1',
    boardSerial: withCheckCharacter(`SB${prefix}${digits}000`.slice(0, 15)),
  };
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class KerfApi {
  private token = '';

  constructor(private readonly server: string) {}

  private async call<T>(method: string, path: string, body?: unknown, form?: FormData): Promise<Envelope<T>> {
    const response = await fetch(`${this.server}${path}`, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        'accept-language': 'en',
      },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    return (await response.json()) as Envelope<T>;
  }

  async signIn(account: string, password: string, client = { id: 'kerf-web', secret: 'kerf-web' }) {
    const response = await fetch(`${this.server}/uac-api/oauth2/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: client.id,
        client_secret: client.secret,
        grant_type: 'password',
        login_type: '2',
        account,
        password,
      }),
    });
    const answer = (await response.json()) as { code?: number; msg?: string; token?: string };
    if (!answer.token) throw new Error(`sign-in refused: ${answer.msg ?? response.status}`);
    this.token = answer.token;
  }

  async register(machines: SimMachineCodes[]) {
    const csv = ['machineCode,machineId,boardModel,boardSerial,version,image']
      .concat(machines.map((m) => `${m.machineCode},SIM ${m.machineCode},${m.boardModel},${m.boardSerial},sim-1.0,`))
      .join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'machines.csv');
    return this.call<{ added: number; problems: Array<{ row: number; message: string }> }>(
      'POST',
      '/cloud-api/device/registry/import',
      undefined,
      form,
    );
  }

  query(machineCode: string) {
    return this.call<{ id: string; binding: 'unbound' | 'mine' | 'other' }>(
      'GET',
      `/cloud-api/device/activation/query?machineCode=${machineCode}`,
    );
  }

  activate(m: SimMachineCodes) {
    return this.call('POST', '/cloud-api/device/activation/activate', {
      ...m,
      responsiblePerson: 'Simulator',
      contactPhone: '13800138000',
      remark: 'simulated machine',
    });
  }

  unbind(id: string) {
    return this.call('DELETE', `/cloud-api/device/device/${id}`);
  }

  claim(m: SimMachineCodes) {
    return this.call<Credential>('POST', '/cloud-api/device/credential/claim', {
      machineCode: m.machineCode,
      boardSerial: m.boardSerial,
    });
  }
}

export function loadCredentials(file: string): Record<string, Credential> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Credential>) : {};
}

/** Each machine's credential: kept ones reused, the rest registered, activated and claimed. */
export async function provision(
  api: KerfApi,
  machines: SimMachineCodes[],
  stateFile: string,
  log: (line: string) => void,
) {
  const kept = loadCredentials(stateFile);
  const missing = machines.filter((m) => !kept[m.machineCode]);
  if (missing.length) {
    const registered = await api.register(missing);
    log(`registered ${registered.data?.added ?? 0} machine(s)`);
  }
  for (const m of missing) {
    const found = await api.query(m.machineCode);
    if (found.data?.binding === 'other') throw new Error(`${m.machineCode} is bound to another account`);
    // activated earlier, but its credential was not kept: bind it again to open a new claim window
    if (found.data?.binding === 'mine') await api.unbind(found.data.id);
    const activated = await api.activate(m);
    if (activated.code !== 0) throw new Error(`${m.machineCode}: ${activated.msg}`);
    const claimed = await api.claim(m);
    if (claimed.code !== 0) throw new Error(`${m.machineCode}: ${claimed.msg}`);
    kept[m.machineCode] = claimed.data;
    writeFileSync(stateFile, JSON.stringify(kept, null, 2));
  }
  return machines.map((m) => kept[m.machineCode] as Credential);
}
