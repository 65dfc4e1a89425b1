import type { Behaviour, Credential, Fleet } from '@kerf/device-sim';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { designTool } from './design-support';
import { bootMachine, freshMachine, recordJobStates, registryFile, stateBadge } from './devices-support';
import { driveApi, PASSWORD, pickFromMenu, row } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, framesPainted, registerByApi, tokenByApi, uniqueEmail, waitForPage } from './support';

const GCODE = Buffer.from(
  [
    '; bracket, 3 mm birch',
    'G21',
    'G90',
    'M4 S600',
    'G1 X40 Y0 F1500',
    'G1 X40 Y25',
    'G1 X0 Y25',
    'G1 X0 Y0',
    'M5',
    '',
  ].join('\n'),
);
const CAMERA_MESSAGE =
  /未找到相机|需要相机权限才能扫码|扫码需要安全连接|相机正被其他程序占用|相机不满足扫码要求|此浏览器不支持视频流接口/;
const CAMERA_MESSAGE_EN =
  /No camera was found|Scanning needs permission|Scanning needs a secure connection|in use by another program|not suitable for scanning|does not support the streaming API/;

/**
 * The device cloud in Chromium with a simulated machine (apps/device-sim) on the server's embedded
 * broker: the maker's import, activation by typed code (and the scanner's camera message in headless
 * Chromium), live state, remote pause, a G-code file sent from the drive, the event log and the
 * dashboard, and a motherboard replacement that locks the old board out. The tests run in order.
 */
describe('device cloud', () => {
  const browser = useBrowser();
  const machine = freshMachine();
  let owner = '';
  let admin = '';
  let fleet: Fleet | undefined;
  let credential: Credential;
  let behaviour: Behaviour;
  let deviceId = '';
  const sim = () => fleet?.machine(machine.machineCode);

  beforeAll(async () => {
    admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const email = uniqueEmail('devices');
    await registerByApi(email, PASSWORD, 'Machine Owner');
    owner = await tokenByApi(email, PASSWORD);
  });
  afterAll(async () => {
    await fleet?.stop();
  });

  it('an administrator imports the maker’s list; the owner finds the machine by its typed code and activates it', async () => {
    const { page } = await browser.open('/web/activate/query', { token: admin });
    await page.getByRole('button', { name: '导入设备' }).click();
    const dialog = page.getByRole('dialog', { name: '导入设备登记清单' });
    await dialog.locator('input[type=file]').setInputFiles(registryFile(machine));
    await dialog.getByText('已选择：machines.csv').waitFor();
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.getByText('已登记 1 台设备').waitFor();
    await shot(page, 'devices-import');

    const { page: mine } = await browser.open(`/web/activate?code=${machine.machineCode.toLowerCase()}`, {
      token: owner,
    });
    // a label's QR link lands on the query tab with the code, which is read as typed
    await mine.waitForURL(`**/web/activate/query?code=${machine.machineCode}`);
    await mine.getByText('未激活').first().waitFor();
    await mine.getByText(`E2E-${machine.machineCode}`).waitFor();
    await shot(mine, 'devices-query');
    // the scanner: headless Chromium has no camera, so the tab says why and typing still works
    await mine.getByRole('button', { name: '扫码（机器码）' }).first().click();
    const scan = mine.getByRole('dialog', { name: '扫码' });
    await expect.poll(() => scan.getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(CAMERA_MESSAGE);
    await animationsSettled(mine);
    await shot(mine, 'devices-scan-camera-message');
    await scan.getByRole('button', { name: '关闭' }).first().click();
    await scan.waitFor({ state: 'hidden' });
    const { page: english } = await browser.open('/web/activate/change', { token: owner, language: 'en' });
    await english.getByRole('button', { name: 'Scan (Machine code)' }).first().click();
    const scanEn = english.getByRole('dialog', { name: 'Scan a code' });
    await expect.poll(() => scanEn.getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(CAMERA_MESSAGE_EN);
    await animationsSettled(english);
    await shot(english, 'devices-scan-camera-message-en');
    await mine.getByText('去激活', { exact: true }).click();
    await mine.waitForURL('**/web/activate/bind**');
    await expect.poll(() => mine.getByLabel('机器码', { exact: true }).inputValue()).toBe(machine.machineCode);
    await mine.getByLabel('负责人').fill('王工');
    await mine.getByLabel('联系电话').fill('138 0013 8000');
    await mine.getByRole('button', { name: '激活', exact: true }).click();
    await mine.getByText('激活成功').first().waitFor();
    await shot(mine, 'devices-activated');
    const link = mine.getByRole('link', { name: '查看设备详情' });
    deviceId = new URL(String(await link.getAttribute('href')), inject('baseURL')).searchParams.get('id') ?? '';
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the machine comes online and runs, live on the list; its owner pauses and resumes it remotely', async () => {
    const { page } = await browser.open('/web/device', { token: owner });
    const table = page.getByRole('table', { name: '设备列表' });
    const line = table.getByRole('row').filter({ hasText: machine.machineCode });
    // never connected yet: offline
    await stateBadge(line, 'offline').waitFor();
    ({ fleet, credential, behaviour } = await bootMachine(machine));
    // pushed over the socket: no reload
    await stateBadge(line, 'idle').waitFor();
    await sim()!.operatorStart();
    await stateBadge(line, 'running').waitFor();
    await shot(page, 'devices-list-running');
    const { page: listEn } = await browser.open('/web/device', { token: owner, language: 'en' });
    await stateBadge(listEn.getByRole('table', { name: 'Devices' }), 'running').waitFor();
    await shot(listEn, 'devices-list-running-en');

    await line.getByRole('link').first().click();
    await page.waitForURL(`**/web/device/detail?id=${deviceId}`);
    await stateBadge(page, 'running').waitFor();
    await page.getByRole('button', { name: '暂停' }).click();
    const commands = page.getByRole('table', { name: '指令记录' });
    await commands.getByRole('row').filter({ hasText: '暂停' }).getByText('成功').waitFor();
    await stateBadge(page, 'paused').waitFor();
    await shot(page, 'devices-detail-paused');
    await page.getByRole('button', { name: '继续' }).click();
    await commands.getByRole('row').filter({ hasText: '继续' }).getByText('成功').waitFor();
    await stateBadge(page, 'running').waitFor();
    // stop the job, so the machine is free for the one sent next
    await page.getByRole('button', { name: '停止' }).click();
    await page.getByRole('button', { name: '确定停止' }).click();
    await stateBadge(page, 'idle').waitFor();

    const { page: english } = await browser.open(`/web/device/detail?id=${deviceId}`, { token: owner, language: 'en' });
    await english.getByRole('table', { name: 'Command history' }).getByText('Succeeded').first().waitFor();
    await shot(english, 'devices-detail-en');
  });

  it('a G-code file goes from the drive to the machine: to-send → sent → received → in progress → done', async () => {
    const file = await driveApi(owner).upload('bracket.gcode', GCODE);
    expect(file.fileName).toBe('bracket.gcode');
    const { page } = await browser.open('/web/workbench?fileType=0', { token: owner });
    await waitForPage(page, '.drive-toolbar', 'the drive');
    await row(page, 'bracket.gcode').waitFor();
    const seen = await recordJobStates(page, 'bracket.gcode');
    behaviour.jobSeconds = 8;
    await pickFromMenu(page, 'bracket.gcode', '发送到设备');
    const dialog = page.getByRole('dialog', { name: '发送到设备：bracket.gcode' });
    await stateBadge(dialog, 'idle').waitFor();
    await animationsSettled(page);
    await shot(page, 'devices-send-dialog');
    await dialog.getByRole('button', { name: '发送', exact: true }).click();
    await dialog.getByText(/已发送到/).waitFor();
    // the dialog follows the job live until the machine has the file
    await dialog.locator('.device-send__progress[data-state="received"]').waitFor();
    await animationsSettled(page);
    await shot(page, 'devices-send-received');
    await dialog.getByRole('button', { name: '查看任务' }).click();
    await page.waitForURL(`**/web/device/detail?id=${deviceId}**`);
    const jobs = page.getByRole('table', { name: '发送的任务' });
    const job = jobs.getByRole('row').filter({ hasText: 'bracket.gcode' });
    await job.locator('[data-phase="done"]').waitFor({ timeout: 40_000 });
    await job.getByText('已接收').waitFor();
    const states = await seen();
    // each state in order, as the pages showed them: the dialog from to-send on, then the jobs table
    const order = ['toSend', 'sent', 'received', 'task:inProgress', 'task:done'].map((s) => states.indexOf(s));
    expect(
      order.every((i) => i >= 0),
      states.join(' → '),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await shot(page, 'devices-job-done');
  });

  it('the design editor sends its job to the machine: saved to the drive as G-code, then sent', async () => {
    const { page } = await browser.open('/web/design', { token: owner });
    const canvas = page.getByTestId('design-canvas');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    await designTool(page, '矩形').click();
    await page.mouse.move(box.x + 200, box.y + 150);
    await page.mouse.down();
    await page.mouse.move(box.x + 360, box.y + 280, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('button', { name: '导出' }).click();
    await page.getByRole('menuitem', { name: 'G 代码（发送到设备）' }).click();
    const save = page.getByRole('dialog').filter({ hasText: '保存位置' });
    await save.getByLabel('文件名称').fill('Coaster');
    await save.getByRole('button', { name: '保存' }).click();
    const send = page.getByRole('dialog', { name: '发送到设备：Coaster.gcode' });
    await stateBadge(send, 'idle').waitFor({ timeout: 30_000 });
    await send.getByRole('button', { name: '发送', exact: true }).click();
    await send.getByText(/已发送到/).waitFor();
    await animationsSettled(page);
    await shot(page, 'devices-send-from-editor');
    const { page: detail } = await browser.open(`/web/device/detail?id=${deviceId}`, { token: owner });
    const job = detail.getByRole('table', { name: '发送的任务' }).getByRole('row').filter({ hasText: 'Coaster.gcode' });
    await job.getByText('已接收').waitFor({ timeout: 30_000 });
  });

  it('a fault shows in the event log and on the dashboard, in both languages', async () => {
    await sim()!.raiseFault('E201');
    const { page } = await browser.open(`/web/device/detail?id=${deviceId}`, { token: owner });
    await stateBadge(page, 'abnormal').waitFor();
    await page.reload();
    await page.getByRole('table', { name: '事件日志' }).getByText('E201').first().waitFor();
    await shot(page, 'devices-fault');

    const { page: board } = await browser.open('/web/databoard', { token: owner });
    const faults = board.getByRole('region', { name: '故障排行' });
    await faults.getByText('E201').first().waitFor();
    const fleetNow = board.getByRole('region', { name: '设备当前状态' });
    await expect
      .poll(() =>
        fleetNow.locator('.databoard-fleet__item[data-state="abnormal"] .databoard-fleet__count').textContent(),
      )
      .toBe('1');
    // with reduced motion ECharts draws the finished chart at once, on the next frames
    await framesPainted(board);
    await shot(board, 'devices-databoard');
    const { page: boardEn } = await browser.open('/web/databoard', { token: owner, language: 'en' });
    await boardEn.getByRole('region', { name: 'Fault ranking' }).getByText('E201').first().waitFor();
    await framesPainted(boardEn);
    await shot(boardEn, 'devices-databoard-en');
  });

  it('replacing the motherboard: 更换成功, and the old board’s credential is refused at once', async () => {
    const { page } = await browser.open('/web/activate/change', { token: owner });
    await page.getByLabel('机器码', { exact: true }).fill(machine.machineCode);
    await page.getByLabel('新主板型号', { exact: true }).fill(machine.newBoard.boardModel);
    await page.getByLabel('新主板序列号', { exact: true }).fill(machine.newBoard.boardSerial);
    await page.getByRole('button', { name: '更换', exact: true }).click();
    await page.getByText('更换成功').first().waitFor();
    await shot(page, 'devices-board-replaced');
    const old = mqtt.connectAsync(credential.url, {
      username: credential.username,
      password: credential.password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      will: {
        topic: `dev/${credential.username}/state`,
        payload: Buffer.from('{"state":"offline"}'),
        qos: 1,
        retain: true,
      },
    });
    await expect(old).rejects.toThrow(/Bad username or password|Not authorized/i);
    // the cut connection's will: the machine is offline until the new board claims and connects
    const { page: list } = await browser.open('/web/device', { token: owner });
    await stateBadge(list.getByRole('row').filter({ hasText: machine.machineCode }), 'offline').waitFor();
  });
});
