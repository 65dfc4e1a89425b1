import { DEVICE_JOB_LIMITS } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { call, type Json } from './account-helpers.js';
import { brokerCases, DEVICE_API, useDeviceCloud } from './device-cloud.js';
import type { TestMachine } from './device-helpers.js';
import { sha256 } from './drive-helpers.js';

const API = DEVICE_API;
const GCODE = Buffer.from('G21\nG90\nM3 S800\nG1 X10 Y0 F1200\nG1 X10 Y10\nG1 X0 Y10\nG1 X0 Y0\nM5\n');
/** Today in a time zone, as the statistics calls ask (after 16:00 UTC it is already tomorrow in Shanghai). */
const today = (timeZone = 'UTC') => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/**
 * Jobs sent to machines (SPEC §4 drawing and task states; docs/device-protocol.md §7): a G-code file
 * of the owner's drive goes out by a `sendJob` command with a signed address and its SHA-256; the
 * machine fetches it, answers with the hash it computed, and reports the job's progress.
 */
describe.each(brokerCases())('jobs sent to machines: $name', (brokerCase) => {
  const c = useDeviceCloud(brokerCase, { diskBlobs: true });
  const { eventually, online } = c;

  const jobs = async (token: string, id: string, lang = 'zh-CN') =>
    (await call(c.app, 'GET', `${API}/device/${id}/jobs`, { token, lang })).body.data.list as Json[];
  const jobNow = (token: string, id: string, jobId: string, ok: (job: Json) => boolean, lang = 'zh-CN') =>
    eventually(
      async () => (await jobs(token, id, lang)).find((j) => j.id === jobId),
      (job) => !!job && ok(job),
    );
  /** The machine takes the next command of kind `sendJob` and fetches its file as firmware does. */
  async function fetchJob(machine: TestMachine) {
    const command = await eventually(
      async () => machine.commands.find((m) => m.kind === 'sendJob' && !fetched.has(m.id)),
      (m) => !!m,
    );
    fetched.add(command!.id);
    const url = new URL(String(command!.params.url));
    const res = await c.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    return { command: command!, url, status: res.statusCode, bytes: res.rawPayload };
  }
  const fetched = new Set<string>();

  it('to-send → sent → received → in progress → done, with the file fetched by its signed address', async () => {
    const { id, machine } = await online(c.ada, 31);
    const file = await c.people.upload(c.ada, 'box.gcode', GCODE);
    const sent = await call(c.app, 'POST', `${API}/device/${id}/jobs`, { token: c.ada, body: { fileId: file.id } });
    expect(sent.body.msg).toBe('已发送到设备');
    const job = sent.body.data;
    expect(job).toMatchObject({ fileName: 'box.gcode', size: GCODE.length, sha256: sha256(GCODE), taskState: null });
    // answered before the command leaves: the page shows every state from the first
    expect(job.drawingState).toBe('toSend');

    const { command, url, status, bytes } = await fetchJob(machine);
    expect(command.params).toMatchObject({ jobId: job.id, name: 'box.gcode', sha256: sha256(GCODE) });
    expect(Date.parse(String(command.params.urlExpiresAt)) - Date.now()).toBeLessThanOrEqual(
      DEVICE_JOB_LIMITS.fileUrlMs,
    );
    expect(status).toBe(200);
    expect(Buffer.compare(bytes, GCODE)).toBe(0);
    expect((await jobNow(c.ada, id, job.id, (j) => j.drawingState === 'sent'))?.drawingState).toBe('sent');

    // the address names this job only, and cannot be altered
    const other = url.search.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await c.app.inject({ method: 'GET', url: `${url.pathname}${other}` })).statusCode).toBe(403);
    const later = url.search.replace(/expires=\d+/, `expires=${Date.now() + 10 * DEVICE_JOB_LIMITS.fileUrlMs}`);
    expect((await c.app.inject({ method: 'GET', url: `${url.pathname}${later}` })).statusCode).toBe(403);

    await machine.ack(command.id, 'received');
    await machine.ack(command.id, 'succeeded', '', { sha256: sha256(GCODE) });
    const received = await jobNow(c.ada, id, job.id, (j) => j.drawingState === 'received');
    expect(received).toMatchObject({ drawingState: 'received', failure: null });
    expect(received?.receivedAt).not.toBeNull();

    await machine.job(job.id, 'started', { progress: 0 });
    await machine.job(job.id, 'progress', { progress: 0.5 });
    const running = await jobNow(c.ada, id, job.id, (j) => j.progress === 0.5);
    expect(running).toMatchObject({ taskState: 'inProgress', progress: 0.5 });
    await machine.job(job.id, 'done');
    await machine.job(job.id, 'progress', { progress: 0.75 }); // late: changes nothing
    const done = await jobNow(c.ada, id, job.id, (j) => j.taskState === 'done');
    expect(done).toMatchObject({ taskState: 'done', progress: 1 });
    expect(done?.finishedAt).not.toBeNull();
    await c.services.deviceGateway?.settled();
    expect((await jobs(c.ada, id)).find((j) => j.id === job.id)).toMatchObject({ taskState: 'done', progress: 1 });

    const perDay = await call(c.app, 'GET', `${API}/stats/jobs?from=${today()}&to=${today()}&tz=UTC`, { token: c.ada });
    expect(perDay.body.data).toEqual([{ date: today(), started: 1, done: 1 }]);
  });

  it('a file whose hash differs is not received: the command fails and the job says why', async () => {
    const { id, machine } = await online(c.ada, 32);
    const file = await c.people.upload(c.ada, 'lid.nc', GCODE);
    const job = (await call(c.app, 'POST', `${API}/device/${id}/jobs`, { token: c.ada, body: { fileId: file.id } }))
      .body.data;
    const { command } = await fetchJob(machine);
    await machine.ack(command.id, 'succeeded', '', { sha256: '0'.repeat(64) });
    const failed = await jobNow(c.ada, id, job.id, (j) => j.failure !== null);
    expect(failed).toMatchObject({ drawingState: 'sent', failure: '设备收到的文件校验不一致' });
    expect((await jobs(c.ada, id, 'en')).find((j) => j.id === job.id)?.failure).toBe(
      'The file the machine received does not match (SHA-256)',
    );
    const commands = (await call(c.app, 'GET', `${API}/device/${id}/commands`, { token: c.ada })).body.data as Json[];
    expect(commands.find((m) => m.id === command.id)).toMatchObject({ state: 'failed', message: 'SHA-256 mismatch' });
  });

  it('a delivered job has its download window, not the 2-second answer timeout', async () => {
    const { id, machine } = await online(c.ada, 33);
    const file = await c.people.upload(c.ada, 'slow.gcode', GCODE);
    await call(c.app, 'POST', `${API}/device/${id}/jobs`, { token: c.ada, body: { fileId: file.id } });
    const { command } = await fetchJob(machine);
    await machine.ack(command.id, 'received');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await c.services.deviceGateway?.sweep();
    const commands = (await call(c.app, 'GET', `${API}/device/${id}/commands`, { token: c.ada })).body.data as Json[];
    expect(commands.find((m) => m.id === command.id)?.state).toBe('delivered');
  });

  it('refuses what cannot be sent: not G-code, another person’s file, a machine that is away', async () => {
    const { id, machine, sample } = await online(c.ada, 34);
    const photo = await c.people.upload(c.ada, 'photo.png', Buffer.from('not a job'));
    const wrongKind = await call(c.app, 'POST', `${API}/device/${id}/jobs`, {
      token: c.ada,
      body: { fileId: photo.id },
      lang: 'en',
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.msg).toBe('Only .gcode, .nc, .gc, .ngc, .tap, .g files can be sent to a machine');
    const evesFile = await c.people.upload(c.eve, 'eve.gcode', GCODE);
    expect(
      (await call(c.app, 'POST', `${API}/device/${id}/jobs`, { token: c.ada, body: { fileId: evesFile.id } })).status,
    ).toBe(404);
    const mine = await c.people.upload(c.ada, 'later.gcode', GCODE);
    await machine.close();
    await c.reaches(c.ada, sample.machineCode, 'offline');
    const away = await call(c.app, 'POST', `${API}/device/${id}/jobs`, { token: c.ada, body: { fileId: mine.id } });
    expect(away.status).toBe(409);
    expect(away.body.msg).toBe('设备离线，指令未发送');
    expect((await jobs(c.ada, id)).map((j) => j.fileName)).toEqual([]);
  });

  it('jobs a machine started itself are listed from its reports; one cut short by going offline shows it', async () => {
    const { id, machine, sample } = await online(c.ada, 35);
    await machine.job('job-7', 'started', { name: 'Panel job 7', progress: 0.1 });
    const own = await eventually(
      () => jobs(c.ada, id),
      (list) => list.length === 1,
    );
    expect(own[0]).toMatchObject({
      fileName: 'Panel job 7',
      drawingState: 'received',
      taskState: 'inProgress',
      commandId: null,
    });
    await machine.job('job-7', 'progress', { progress: 0.4 });
    machine.drop();
    await c.reaches(c.ada, sample.machineCode, 'offline');
    await c.services.deviceGateway?.settled();
    // still in progress as far as anyone knows, on a machine that is offline: the page says so
    expect((await jobs(c.ada, id))[0]).toMatchObject({ taskState: 'inProgress', progress: 0.4 });
  });

  it('access matrix and statistics: only the owner sends and lists; the fleet sees all', async () => {
    const { id, sample } = await online(c.ada, 36);
    const file = await c.people.upload(c.ada, 'matrix.gcode', GCODE);
    const list = `${API}/device/${id}/jobs`;
    expect((await call(c.app, 'GET', list)).status).toBe(401);
    expect((await call(c.app, 'GET', list, { token: c.eve })).status).toBe(404);
    expect((await call(c.app, 'GET', list, { token: c.ada })).status).toBe(200);
    expect((await call(c.app, 'GET', list, { token: c.admin })).status).toBe(200);
    const send = { body: { fileId: file.id } };
    expect((await call(c.app, 'POST', list, send)).status).toBe(401);
    expect((await call(c.app, 'POST', list, { token: c.eve, ...send })).status).toBe(404);
    expect((await call(c.app, 'POST', list, { token: c.admin, ...send })).status).toBe(404);
    expect((await call(c.app, 'POST', list, { token: c.ada, ...send })).status).toBe(200);

    const fleet = (token: string, scope = 'mine') => call(c.app, 'GET', `${API}/stats/fleet?scope=${scope}`, { token });
    expect((await call(c.app, 'GET', `${API}/stats/fleet`)).status).toBe(401);
    expect((await fleet(c.eve)).body.data.idle).toBe(0);
    expect((await fleet(c.eve, 'all')).status).toBe(403);
    expect((await fleet(c.ada)).body.data.idle).toBeGreaterThanOrEqual(1);
    expect((await fleet(c.admin, 'all')).body.data.idle).toBeGreaterThanOrEqual(1);

    const range = `from=${today('Asia/Shanghai')}&to=${today('Asia/Shanghai')}&tz=Asia/Shanghai`;
    const byDevice = await call(c.app, 'GET', `${API}/stats/by-device?${range}`, { token: c.ada });
    const mine = (byDevice.body.data as Json[]).find((d) => d.machineCode === sample.machineCode);
    expect(mine?.deviceId).toBe(id);
    expect(mine?.seconds.running).toBeGreaterThan(0);
    expect((await call(c.app, 'GET', `${API}/stats/by-device?${range}`, { token: c.eve })).body.data).toEqual([]);
    for (const path of ['by-device', 'jobs']) {
      const url = `${API}/stats/${path}?${range}`;
      expect((await call(c.app, 'GET', url)).status, `${path} anonymous`).toBe(401);
      expect((await call(c.app, 'GET', `${url}&scope=all`, { token: c.eve })).status, `${path} all, a user`).toBe(403);
      expect((await call(c.app, 'GET', `${url}&scope=all`, { token: c.admin })).status, `${path} all, admin`).toBe(200);
    }
    const everyMachine = await call(c.app, 'GET', `${API}/stats/by-device?${range}&scope=all`, { token: c.admin });
    expect((everyMachine.body.data as Json[]).some((d) => d.deviceId === id)).toBe(true);
  });
});
