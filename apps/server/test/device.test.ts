import { withCheckCharacter } from '@kerf/contract';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { call, type Json } from './account-helpers.js';
import { brokerCases, DEVICE_API, useDeviceCloud } from './device-cloud.js';
import { registryCsv, sampleMachine, TestMachine } from './device-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';

const API = DEVICE_API;

/**
 * The device cloud through its API and the embedded MQTT broker: the maker's registry, activation and
 * board replacement, credentials and the broker's ACL, live state (offline by last will, "no
 * response" by silence), remote commands through every state, and who may see and do what.
 */
describe.each(brokerCases())('device cloud: $name', (brokerCase) => {
  const c = useDeviceCloud(brokerCase);
  const { importCsv, activate, claim, deviceOf, eventually, reaches, online } = c;

  it('documents every device route in the OpenAPI document', async () => {
    const documented = documentedRoutes(c.app, '/cloud-api/device/');
    expect(documented).toEqual(
      [
        'POST /cloud-api/device/registry/import',
        'GET /cloud-api/device/activation/query',
        'POST /cloud-api/device/activation/activate',
        'POST /cloud-api/device/activation/change',
        'POST /cloud-api/device/credential/claim',
        'GET /cloud-api/device/device/list',
        'GET /cloud-api/device/device/{id}',
        'PUT /cloud-api/device/device',
        'DELETE /cloud-api/device/device/{id}',
        'POST /cloud-api/device/device/{id}/command',
        'GET /cloud-api/device/device/{id}/commands',
        'GET /cloud-api/device/device/{id}/events',
        'GET /cloud-api/device/stats/state-time',
        'GET /cloud-api/device/stats/faults',
        'GET /cloud-api/device/stats/by-device',
        'GET /cloud-api/device/stats/jobs',
        'GET /cloud-api/device/stats/fleet',
        'POST /cloud-api/device/device/{id}/jobs',
        'GET /cloud-api/device/device/{id}/jobs',
        'GET /cloud-api/device/job-file/{jobId}',
        'GET /cloud-api/device/live',
      ].sort(),
    );
  });

  it('imports the maker’s list: good rows added, every other row reported with why, administrators only', async () => {
    const good = [sampleMachine(1), sampleMachine(2)];
    const badCheck = {
      ...sampleMachine(3),
      machineCode: sampleMachine(3).machineCode.slice(0, -1) + (sampleMachine(3).machineCode.endsWith('0') ? '1' : '0'),
    };
    const repeat = { ...sampleMachine(4), machineCode: good[0]!.machineCode };
    const csv = `\uFEFF机器编号,机器ID,主板型号,主板序列号,版本,图片\n${registryCsv([...good, badCheck, repeat])
      .split('\n')
      .slice(1)
      .join('\n')}`;
    expect((await importCsv(null, csv)).status).toBe(401);
    expect((await importCsv(c.ada, csv)).status).toBe(403);
    const report = await importCsv(c.admin, csv);
    expect(report.body.data.added).toBe(2);
    expect(report.body.data.problems).toEqual([
      { row: 4, column: 'machineCode', message: '机器码校验位不符，请检查是否输错' },
      { row: 5, column: null, message: '与第2行重复' },
    ]);
    const again = await importCsv(c.admin, registryCsv([good[0]!]), 'en');
    expect(again.body.data).toEqual({
      added: 0,
      problems: [{ row: 2, column: 'machineCode', message: 'The machine code is already registered' }],
    });
    const noSerial = await importCsv(c.admin, 'machineCode,boardModel\nX,Y', 'en');
    expect(noSerial.status).toBe(400);
    expect(noSerial.body.msg).toBe('Missing column: boardserial');
  });

  it('queries by machine code or by board codes, with the parsing errors and 未查询到相关信息!', async () => {
    const m = sampleMachine(1);
    const byCode = await call(c.app, 'GET', `${API}/activation/query?machineCode=${m.machineCode.toLowerCase()}`, {
      token: c.ada,
    });
    expect(byCode.body.data).toMatchObject({
      machineCode: m.machineCode,
      activationState: 'notActivated',
      binding: 'unbound',
    });
    const byBoard = await call(
      c.app,
      'GET',
      `${API}/activation/query?boardModel=${m.boardModel}&boardSerial=${m.boardSerial}`,
      { token: c.ada },
    );
    expect(byBoard.body.data.machineCode).toBe(m.machineCode);
    const typo = await call(c.app, 'GET', `${API}/activation/query?machineCode=${m.machineCode.slice(0, -1)}Z`, {
      token: c.ada,
      lang: 'en',
    });
    expect(typo.status).toBe(400);
    expect(typo.body.msg).toBe('The machine code’s check character does not match: check for a typing mistake');
    const short = await call(c.app, 'GET', `${API}/activation/query?boardModel=KB-3M&boardSerial=ABC`, {
      token: c.ada,
    });
    expect(short.body.msg).toBe('主板序列号格式错误：应为16位数字或大写字母');
    const unknown = await call(
      c.app,
      'GET',
      `${API}/activation/query?machineCode=${withCheckCharacter('ZZ99Z999999')}`,
      {
        token: c.ada,
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('未查询到相关信息!');
    expect((await call(c.app, 'GET', `${API}/activation/query?machineCode=${m.machineCode}`)).status).toBe(401);
  });

  it('activates once, binds to the caller, and the machine claims its credential once', async () => {
    const m = sampleMachine(2);
    const wrongBoard = await activate(c.ada, { ...m, boardSerial: sampleMachine(1).boardSerial });
    expect(wrongBoard.body.msg).toBe('主板信息与机器码不符');
    expect((await claim(m)).status).toBe(409); // nothing to claim before activation
    const badPhone = await activate(c.ada, m, { contactPhone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toContain('请输入正确的手机号码');
    const done = await activate(c.ada, m, { address: '深圳', activationDate: '2026-11-20' });
    expect(done.body).toMatchObject({ code: 0, msg: '激活成功' });
    expect(done.body.data).toMatchObject({
      activationState: 'activated',
      binding: 'mine',
      activationDate: '2026-11-20',
      address: '深圳',
    });
    const second = await activate(c.eve, m);
    expect(second.status).toBe(409);
    // Eve sees that it is bound, not to whom, nor the owner's details.
    const seen = await call(c.app, 'GET', `${API}/activation/query?machineCode=${m.machineCode}`, { token: c.eve });
    expect(seen.body.data).toMatchObject({ binding: 'other', contactPhone: '', responsiblePerson: '', address: '' });
    const credential = await claim(m);
    expect(credential.body.data).toMatchObject({ username: m.machineCode, url: c.broker.deviceUrl });
    expect(credential.body.data.password).toHaveLength(43);
    expect((await claim(m)).status).toBe(409);
  });

  it('the broker takes only a machine’s own credential and only its own topics', async () => {
    const { sample, machine } = await online(c.ada, 10);
    const neighbour = await online(c.ada, 11);
    // a wrong password, or none, is refused; so is the cloud's own name without its password
    await expect(
      mqtt.connectAsync(c.broker.connection.url, TestMachine.options(sample.machineCode, 'not-it')),
    ).rejects.toThrow();
    await expect(
      mqtt.connectAsync(c.broker.connection.url, TestMachine.options(sample.machineCode, '')),
    ).rejects.toThrow();
    await expect(
      mqtt.connectAsync(c.broker.connection.url, { ...TestMachine.options('kerf-cloud', 'guess'), will: undefined }),
    ).rejects.toThrow();
    // the neighbour may not subscribe to this machine's commands (granted QoS 128: refused)
    await expect(neighbour.machine.client.subscribeAsync(`dev/${sample.machineCode}/cmd`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    // publishing on the neighbour's topic is refused and changes nothing there
    await machine.publishRaw(`dev/${neighbour.sample.machineCode}/state`, { state: 'abnormal' }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await c.services.deviceGateway?.settled();
    expect((await deviceOf(c.ada, neighbour.sample.machineCode)).state).toBe('idle');
  });

  it('state: reported changes are stored once; offline by last will; "no response" when silent', async () => {
    const { sample, machine } = await online(c.ada, 12);
    await machine.state('running');
    await machine.state('running');
    expect((await reaches(c.ada, sample.machineCode, 'running')).state).toBe('running');
    // silent past the inactivity timeout (1 s here): no response, not "running"
    machine.stopHeartbeat();
    const silent = await reaches(c.ada, sample.machineCode, 'noResponse', 6000);
    expect(silent.state).toBe('noResponse');
    // it speaks again: back to what it last reported
    await machine.telemetry({ power: 55, progress: 0.4 });
    const back = await reaches(c.ada, sample.machineCode, 'running');
    expect(back).toMatchObject({ state: 'running', telemetry: { power: 55, progress: 0.4 } });
    // the connection dies: the broker's will says offline
    machine.drop();
    expect((await reaches(c.ada, sample.machineCode, 'offline')).state).toBe('offline');
    const rows = (await c.db.db.execute(
      `select s.state from device_state_changes s join devices d on d.id = s.device_id where d.machine_code = '${sample.machineCode}' order by s.id`,
    )) as unknown as { rows: Array<{ state: string }> };
    expect(rows.rows.map((r) => r.state)).toEqual(['idle', 'running', 'noResponse', 'running', 'offline']);
  });

  it('commands: queued → sent → delivered → succeeded; failed; timed out; refused to an offline machine', async () => {
    const { id, machine } = await online(c.ada, 13);
    const pause = await call(c.app, 'POST', `${API}/device/${id}/command`, { token: c.ada, body: { kind: 'pause' } });
    expect(pause.body.data).toMatchObject({ kind: 'pause', state: 'sent' });
    await eventually(
      async () => machine.commands.length,
      (n) => n === 1,
    );
    const sent = machine.commands[0]!;
    expect(sent).toMatchObject({ id: pause.body.data.id, kind: 'pause' });
    const stateOf = async (commandId: string) =>
      ((await call(c.app, 'GET', `${API}/device/${id}/commands`, { token: c.ada })).body.data as Json[]).find(
        (c) => c.id === commandId,
      );
    await machine.ack(sent.id, 'received');
    expect(
      (
        await eventually(
          () => stateOf(sent.id),
          (c) => c.state === 'delivered',
        )
      ).state,
    ).toBe('delivered');
    await machine.ack(sent.id, 'succeeded');
    expect(
      (
        await eventually(
          () => stateOf(sent.id),
          (c) => c.state === 'succeeded',
        )
      ).deliveredAt,
    ).not.toBeNull();
    // a repeated answer changes nothing
    await machine.ack(sent.id, 'failed', 'late');
    await c.services.deviceGateway?.settled();
    expect((await stateOf(sent.id)).state).toBe('succeeded');

    const limit = await call(c.app, 'POST', `${API}/device/${id}/command`, {
      token: c.ada,
      body: { kind: 'setPowerLimit', percent: 80 },
    });
    await eventually(
      async () => machine.commands.length,
      (n) => n === 2,
    );
    expect(machine.commands[1]).toMatchObject({ kind: 'setPowerLimit', params: { percent: 80 } });
    await machine.ack(limit.body.data.id, 'failed', 'interlock open');
    expect(
      await eventually(
        () => stateOf(limit.body.data.id),
        (c) => c.state === 'failed',
      ),
    ).toMatchObject({ message: 'interlock open' });

    const unanswered = await call(c.app, 'POST', `${API}/device/${id}/command`, {
      token: c.ada,
      body: { kind: 'resume' },
    });
    expect(
      (
        await eventually(
          () => stateOf(unanswered.body.data.id),
          (c) => c.state === 'timedOut',
          8000,
        )
      ).state,
    ).toBe('timedOut');

    machine.drop();
    await reaches(c.ada, machine.serial, 'offline');
    const refused = await call(c.app, 'POST', `${API}/device/${id}/command`, {
      token: c.ada,
      body: { kind: 'stop' },
      lang: 'en',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('The machine is offline: the command was not sent');
    expect(await stateOf(refused.body.data.commandId)).toMatchObject({
      state: 'expired',
      deliveredAt: null,
      sentAt: null,
    });
    const badLimit = await call(c.app, 'POST', `${API}/device/${id}/command`, {
      token: c.ada,
      body: { kind: 'setPowerLimit', percent: 0 },
    });
    expect(badLimit.body.msg).toContain('功率上限应在1%到100%之间');
  });

  it('a server restart between sending a command and its answer loses nothing', async () => {
    const { id, machine } = await online(c.ada, 14);
    const started = await call(c.app, 'POST', `${API}/device/${id}/command`, { token: c.ada, body: { kind: 'start' } });
    await eventually(
      async () => machine.commands.length,
      (n) => n === 1,
    );
    await c.close();
    // the machine answers while the server is down: the broker keeps it for the cloud's session
    await machine.ack(started.body.data.id, 'received');
    await machine.ack(started.body.data.id, 'succeeded');
    await c.start();
    const stored = await eventually(
      async () => ((await call(c.app, 'GET', `${API}/device/${id}/commands`, { token: c.ada })).body.data as Json[])[0],
      (c) => c.state === 'succeeded',
    );
    expect(stored).toMatchObject({ id: started.body.data.id, state: 'succeeded' });
  });

  it('after a restart, the broker’s replay of a silent machine’s last state does not make it look alive', async () => {
    const { sample, machine } = await online(c.ada, 18);
    await machine.state('running');
    machine.stopHeartbeat();
    await reaches(c.ada, sample.machineCode, 'noResponse', 6000);
    const before = await deviceOf(c.ada, sample.machineCode);
    await c.close();
    await c.start();
    // the replayed "running" arrives on subscribing; give the sweeps time to see it
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await c.services.deviceGateway?.settled();
    const after = await deviceOf(c.ada, sample.machineCode);
    expect(after.state).toBe('noResponse');
    expect(after.lastSeenAt).toBe(before.lastSeenAt);
    await machine.telemetry({ power: 1 });
    expect((await reaches(c.ada, sample.machineCode, 'running')).state).toBe('running');
  });

  it('events are stored and listed newest first, by level and code', async () => {
    const { id, machine } = await online(c.ada, 15);
    await machine.event('warning', 'W201', 'water temperature high');
    await machine.event('fault', 'E102', 'lid open');
    await machine.event('info', 'I001', 'job started');
    const faults = await eventually(
      () => call(c.app, 'GET', `${API}/device/${id}/events?level=fault`, { token: c.ada }),
      (r) => r.body.data.total === 1,
    );
    expect(faults.body.data.list[0]).toMatchObject({ level: 'fault', code: 'E102', message: 'lid open' });
    // The three arrive over MQTT one after another: the last may be stored after the fault is seen.
    const all = await eventually(
      () => call(c.app, 'GET', `${API}/device/${id}/events?limit=2`, { token: c.ada }),
      (r) => r.body.data.total === 3,
    );
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((e: Json) => e.code)).toEqual(['I001', 'E102']);
  });

  it('replacing the motherboard: the old board’s credential is refused at once; the history stays', async () => {
    const { sample, machine, id } = await online(c.ada, 16);
    const newBoard = { boardModel: 'KB-4M', boardSerial: withCheckCharacter('MB2027000016000') };
    expect(
      (
        await call(c.app, 'POST', `${API}/activation/change`, {
          token: c.eve,
          body: { machineCode: sample.machineCode, ...newBoard },
        })
      ).status,
    ).toBe(403);
    const same = await call(c.app, 'POST', `${API}/activation/change`, {
      token: c.ada,
      body: { machineCode: sample.machineCode, boardModel: sample.boardModel, boardSerial: sample.boardSerial },
    });
    expect(same.status).toBe(409);
    const changed = await call(c.app, 'POST', `${API}/activation/change`, {
      token: c.ada,
      body: { machineCode: sample.machineCode, ...newBoard },
    });
    expect(changed.body).toMatchObject({
      code: 0,
      msg: '更换成功',
      data: { boardSerial: newBoard.boardSerial, boardModel: 'KB-4M' },
    });
    // the old board's session is cut and its credential no longer opens one
    expect(
      await eventually(
        async () => machine.client.connected,
        (connected) => !connected,
      ),
    ).toBe(false);
    const oldPassword = (machine.client.options.password as string) ?? '';
    await expect(
      mqtt.connectAsync(c.broker.connection.url, TestMachine.options(sample.machineCode, oldPassword)),
    ).rejects.toThrow();
    // the old board cannot claim; the new one can, and connects as the same machine
    expect((await claim({ machineCode: sample.machineCode, boardSerial: sample.boardSerial })).status).toBe(409);
    const fresh = (await claim({ machineCode: sample.machineCode, boardSerial: newBoard.boardSerial })).body.data;
    const replacement = await c.connect(fresh.url, sample.machineCode, fresh.password);
    await replacement.state('idle');
    const detail = await eventually(
      () => call(c.app, 'GET', `${API}/device/${id}`, { token: c.ada }),
      (r) => r.body.data.state === 'idle',
    );
    expect(detail.body.data.boards.map((b: Json) => [b.boardSerial, b.removedAt === null])).toEqual([
      [newBoard.boardSerial, true],
      [sample.boardSerial, false],
    ]);
  });

  it('access matrix: anonymous, another user, the owner, an administrator', async () => {
    const { id, sample } = await online(c.ada, 17);
    const routes: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>?]> = [
      ['detail', 'GET', `${API}/device/${id}`],
      ['events', 'GET', `${API}/device/${id}/events`],
      ['commands', 'GET', `${API}/device/${id}/commands`],
      ['command', 'POST', `${API}/device/${id}/command`, { kind: 'pause' }],
      ['edit', 'PUT', `${API}/device`, { id, name: 'Cutter', power: 60 }],
    ];
    for (const [name, method, url, body] of routes) {
      expect((await call(c.app, method, url, { body })).status, `${name} anonymous`).toBe(401);
      expect((await call(c.app, method, url, { token: c.eve, body })).status, `${name} another user`).toBe(404);
      expect((await call(c.app, method, url, { token: c.ada, body })).status, `${name} owner`).toBe(200);
    }
    // activation needs a session; the credential claim is the machine's own call and needs none
    for (const url of ['/activation/activate', '/activation/change']) {
      expect(
        (await call(c.app, 'POST', `${API}${url}`, { body: { machineCode: sample.machineCode } })).status,
        url,
      ).toBe(401);
    }
    expect((await call(c.app, 'GET', `${API}/activation/query?machineCode=${sample.machineCode}`)).status).toBe(401);
    // an administrator sees every machine, reads its detail and log, but does not drive it
    expect((await call(c.app, 'GET', `${API}/device/${id}`, { token: c.admin })).status).toBe(200);
    expect((await call(c.app, 'GET', `${API}/device/${id}/events`, { token: c.admin })).status).toBe(200);
    expect(
      (await call(c.app, 'POST', `${API}/device/${id}/command`, { token: c.admin, body: { kind: 'pause' } })).status,
    ).toBe(404);
    const all = await call(c.app, 'GET', `${API}/device/list?scope=all&keyword=${sample.machineCode}`, {
      token: c.admin,
    });
    expect(all.body.data.total).toBe(1);
    expect((await call(c.app, 'GET', `${API}/device/list?scope=all`, { token: c.eve })).status).toBe(403);
    expect((await call(c.app, 'GET', `${API}/device/list`, { token: c.eve })).body.data.total).toBe(0);
    // SPEC §5: the name is not empty, the power greater than 0
    const blank = await call(c.app, 'PUT', `${API}/device`, { token: c.ada, body: { id, name: ' ', power: 60 } });
    expect(blank.body.msg).toContain('设备名称不能为空');
    const zero = await call(c.app, 'PUT', `${API}/device`, {
      token: c.ada,
      body: { id, name: 'Cutter', power: 0 },
      lang: 'en',
    });
    expect(zero.body.msg).toContain('The power must be greater than 0');
    // unbinding: only the owner; the machine's credential stops, the binding history keeps both times
    expect((await call(c.app, 'DELETE', `${API}/device/${id}`, { token: c.eve })).status).toBe(404);
    expect((await call(c.app, 'DELETE', `${API}/device/${id}`, { token: c.ada })).body.msg).toBe('删除成功');
    expect((await call(c.app, 'GET', `${API}/device/${id}`, { token: c.ada })).status).toBe(404);
    const history = await call(c.app, 'GET', `${API}/device/${id}`, { token: c.admin });
    expect(history.body.data).toMatchObject({ bindingState: 'unbound', activationState: 'activated' });
    expect(history.body.data.bindings[0].unboundAt).not.toBeNull();
  });

  // Last: it spends this suite's claims from the test address.
  it('limits credential claims per address, right or wrong, so board serials cannot be tried at length', async () => {
    const wrong = { machineCode: sampleMachine(1).machineCode, boardSerial: sampleMachine(2).boardSerial };
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await claim(wrong)).status;
    expect(status).toBe(429);
    const refused = await call(c.app, 'POST', `${API}/credential/claim`, { body: wrong, lang: 'en' });
    expect(refused.body.msg).toBe('Too many credential claims from this address: try again in an hour');
  });
});
