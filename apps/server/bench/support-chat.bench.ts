/**
 * The customer-service chat with 1,000 connected customers (visitors, each with a conversation made
 * straight in the database) and one staff console watching the whole queue, over WebSocket:
 * - throughput: every customer sends BURST messages one after another (the next when the last is
 *   acknowledged); messages per second stored and delivered, timed until the console has heard every
 *   one; with the server's CPU over that time;
 * - delivery latency at a steady load: each customer sends one message every 10 s (100 messages/s in
 *   all) while the console answers 5 customers a second; from the send to the console hearing it
 *   (customer → staff) and to the customer hearing the answer (staff → customer), p50 and p99.
 * Run on one instance (PostgreSQL), and on two instances sharing PostgreSQL and Redis (customers split
 * between them, the console on the first), so the second run crosses Redis pub/sub.
 *   npm run build && TEST_DATABASE_URL=postgres://… [TEST_REDIS_URL=redis://…] npm run bench -- support-chat
 *   CHAT_BENCH_CLIENTS (1000), CHAT_BENCH_BURST (10), CHAT_BENCH_STEADY_SECONDS (30)
 * The clients run in this process, beside the servers on the same cores. Writes .bench/support-chat.json.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort, passwordSignIn, type RunningServer, startServer } from '../e2e/server-process.js';
import { scratchPostgres } from './bench-database.js';
import { machine, markdownTable, median, procCpuMs, round, writeReport } from './bench-kit.js';

const CLIENTS = Number(process.env.CHAT_BENCH_CLIENTS ?? 1000);
const BURST = Number(process.env.CHAT_BENCH_BURST ?? 10);
const STEADY_SECONDS = Number(process.env.CHAT_BENCH_STEADY_SECONDS ?? 30);
const ADMIN_PASSWORD = 'Bench_pass1';
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

type Frame = { type: string; clientId?: string; message?: { clientId: string; conversationId: string; side: string } };

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

/** A socket whose frames go to one handler; resolves once the server has said hello. */
function connect(url: string, onFrame: (frame: Frame) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.type === 'hello') resolve(socket);
      else onFrame(frame);
    });
    socket.once('error', reject);
  });
}

interface Customer {
  conversationId: string;
  socket: WebSocket;
  /** Resolves the wait for an ack, by clientId. */
  acks: Map<string, () => void>;
}

async function seedConversations(pool: pg.Pool) {
  const tokens = Array.from({ length: CLIENTS }, () => randomBytes(24).toString('base64url'));
  const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  const { rows } = await pool.query<{ id: string; visitor_token_hash: string }>(
    `insert into support_conversations (visitor_token_hash, visitor_name, contact)
     select h, 'Bench ' || n, 'bench' || n || '@example.com' from unnest($1::text[]) with ordinality as t(h, n)
     returning id, visitor_token_hash`,
    [hashes],
  );
  const idOf = new Map(rows.map((r) => [r.visitor_token_hash, r.id]));
  return tokens.map((token, i) => ({ token, conversationId: idOf.get(hashes[i]!)! }));
}

async function run(instances: 1 | 2) {
  const scratch = await scratchPostgres(adminUrl as string);
  const servers: RunningServer[] = [];
  const sockets: WebSocket[] = [];
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  try {
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: scratch.url,
          ADMIN_PASSWORD,
          MQTT_HOST: '127.0.0.1',
          MQTT_PORT: String(await freePort()),
          ...(instances > 1 && redisUrl ? { REDIS_URL: redisUrl } : {}),
        }),
      );
    }
    const wsBase = (server: RunningServer) => server.baseURL.replace(/^http/, 'ws');
    const token = (await passwordSignIn(servers[0]!.baseURL, 'admin@kerf.local', ADMIN_PASSWORD)).token as string;
    const seeded = await seedConversations(pool);

    // the console hears every customer message; `heard` maps clientId → time heard
    const heardByStaff = new Map<string, number>();
    let staffWaiter: (() => void) | null = null;
    let staffWanted = Number.POSITIVE_INFINITY;
    const consoleSocket = await connect(`${wsBase(servers[0]!)}/cloud-api/support/live?token=${token}`, (frame) => {
      if (frame.type === 'message' && frame.message?.side === 'customer') {
        heardByStaff.set(frame.message.clientId, performance.now());
        if (heardByStaff.size >= staffWanted) staffWaiter?.();
      }
    });
    sockets.push(consoleSocket);
    consoleSocket.send(JSON.stringify({ type: 'watch-queue' }));

    const heardByCustomer = new Map<string, number>();
    const customers: Customer[] = [];
    for (let start = 0; start < CLIENTS; start += 100) {
      const batch = await Promise.all(
        seeded.slice(start, start + 100).map(async ({ token: visitor, conversationId }, k) => {
          const server = servers[(start + k) % servers.length]!;
          const acks = new Map<string, () => void>();
          const socket = await connect(`${wsBase(server)}/cloud-api/support/live?visitor=${visitor}`, (frame) => {
            if (frame.type === 'ack' && frame.clientId) acks.get(frame.clientId)?.();
            if (frame.type === 'message' && frame.message?.side === 'staff') {
              heardByCustomer.set(frame.message.clientId, performance.now());
            }
            if (frame.type === 'error') throw new Error(`refused: ${JSON.stringify(frame)}`);
          });
          sockets.push(socket);
          return { conversationId, socket, acks };
        }),
      );
      customers.push(...batch);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    const send = (customer: Customer, clientId: string, text: string) =>
      new Promise<void>((resolve) => {
        customer.acks.set(clientId, () => {
          customer.acks.delete(clientId);
          resolve();
        });
        customer.socket.send(JSON.stringify({ type: 'send', conversationId: customer.conversationId, clientId, text }));
      });

    // throughput: BURST messages per customer, each sent when the last is acknowledged
    const cpu = async () =>
      (await Promise.all(servers.map((s) => procCpuMs(s.child.pid as number)))).reduce<number>(
        (a, b) => a + (b ?? 0),
        0,
      );
    const total = CLIENTS * BURST;
    staffWanted = total;
    const allHeard = new Promise<void>((resolve) => {
      staffWaiter = resolve;
    });
    const cpuBefore = await cpu();
    const started = performance.now();
    await Promise.all(
      customers.map(async (customer, i) => {
        for (let m = 0; m < BURST; m++)
          await send(customer, `burst-${i}-${m}`, `Burst message ${m} from customer ${i}`);
      }),
    );
    const acked = performance.now();
    await allHeard;
    const finished = performance.now();
    const cpuMs = (await cpu()) - cpuBefore;
    const throughput = {
      messages: total,
      ackedPerSecond: Math.round(total / ((acked - started) / 1000)),
      deliveredPerSecond: Math.round(total / ((finished - started) / 1000)),
      serverCores: round(cpuMs / (finished - started), 2),
    };
    await new Promise((resolve) => setTimeout(resolve, 10_000));

    // steady load: each customer one message per 10 s, spread evenly; the console answers 5 a second
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const steadyEnd = performance.now() + STEADY_SECONDS * 1000;
    const timers: NodeJS.Timeout[] = [];
    customers.forEach((customer, i) => {
      let n = 0;
      const tick = () => {
        if (performance.now() >= steadyEnd) return;
        const clientId = `steady-${i}-${n++}`;
        sentAt.set(clientId, performance.now());
        void send(customer, clientId, `Steady message from customer ${i}`);
      };
      timers.push(
        setTimeout(
          () => {
            tick();
            timers.push(setInterval(tick, 10_000));
          },
          (i * 10_000) / CLIENTS,
        ),
      );
    });
    let answers = 0;
    timers.push(
      setInterval(() => {
        if (performance.now() >= steadyEnd) return;
        const customer = customers[Math.floor(Math.random() * customers.length)]!;
        const clientId = `answer-${answers++}`;
        answeredAt.set(clientId, performance.now());
        consoleSocket.send(
          JSON.stringify({
            type: 'send',
            conversationId: customer.conversationId,
            clientId,
            text: 'An answer from staff',
          }),
        );
      }, 200),
    );
    await new Promise((resolve) => setTimeout(resolve, STEADY_SECONDS * 1000 + 3000));
    for (const timer of timers) clearInterval(timer);
    const toStaff = [...sentAt].flatMap(([id, at]) => (heardByStaff.has(id) ? [heardByStaff.get(id)! - at] : []));
    const toCustomer = [...answeredAt].flatMap(([id, at]) =>
      heardByCustomer.has(id) ? [heardByCustomer.get(id)! - at] : [],
    );
    const steady = {
      customerMessages: sentAt.size,
      customerMessagesLost: sentAt.size - toStaff.length,
      toStaffP50Ms: round(median(toStaff), 1),
      toStaffP99Ms: round(percentile(toStaff, 0.99), 1),
      staffAnswers: answeredAt.size,
      staffAnswersLost: answeredAt.size - toCustomer.length,
      toCustomerP50Ms: round(median(toCustomer), 1),
      toCustomerP99Ms: round(percentile(toCustomer, 0.99), 1),
    };
    const stored = await pool.query<{ n: number }>('select count(*)::int as n from support_messages');
    return { instances, clients: CLIENTS, throughput, steady, stored: stored.rows[0]!.n };
  } finally {
    for (const socket of sockets) socket.terminate();
    await pool.end();
    for (const server of servers) await server.stop();
    await scratch.drop();
  }
}

async function main() {
  if (!adminUrl) {
    process.stdout.write('support-chat bench: set TEST_DATABASE_URL (a PostgreSQL server) to run it\n');
    return;
  }
  const results = [await run(1), ...(redisUrl ? [await run(2)] : [])];
  const report = { machine: machine(), clients: CLIENTS, burst: BURST, steadySeconds: STEADY_SECONDS, results };
  process.stdout.write(
    markdownTable([
      [
        'instances',
        'clients',
        'burst messages',
        'acked msg/s',
        'delivered msg/s',
        'server cores',
        'steady: to staff p50 / p99 ms',
        'to customer p50 / p99 ms',
        'lost',
      ],
      ...results.map((r) => [
        r.instances === 2 ? '2 (Redis)' : '1',
        r.clients,
        r.throughput.messages,
        r.throughput.ackedPerSecond,
        r.throughput.deliveredPerSecond,
        r.throughput.serverCores,
        `${r.steady.toStaffP50Ms} / ${r.steady.toStaffP99Ms}`,
        `${r.steady.toCustomerP50Ms} / ${r.steady.toCustomerP99Ms}`,
        r.steady.customerMessagesLost + r.steady.staffAnswersLost,
      ]),
    ]),
  );
  process.stdout.write(`written to ${await writeReport('support-chat', report)}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
