import autocannon from 'autocannon';
import { startServer } from './server.ts';

// The demo accounts all share this password; sign-ins rotate over them so that no single account
// reaches the per-account sign-in throttle.
const PASSWORD = 'Eduqa@2026';
const ACCOUNTS = [
  'admin',
  'zhaoming',
  'qianli',
  'sunhua',
  'liqiang',
  'zhoujing',
  'wuwei',
  'zhengtao',
  'wangfang',
  'fenglei',
  'chenyu',
  'chuxin',
  'weilan',
  'jiangwen',
  'shenyue',
  'hanbing',
  'yangguang',
  'zhuqing',
  'qinshan',
  'youhai',
];
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function signIn(baseUrl: string): Promise<{ cookie: string }> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: bad };
}

async function benchmark(databaseUrl?: string) {
  const server = await startServer(databaseUrl);
  const { baseUrl } = server;
  try {
    const { cookie } = await signIn(baseUrl);
    const rows: Row[] = [];
    rows.push(await measure('floor: GET /api/ping', { url: `${baseUrl}/api/ping` }));
    rows.push(
      await measure('GET /api/user/departments (pageSize 100000)', {
        url: `${baseUrl}/api/user/departments?pageNum=1&pageSize=100000`,
        headers: { cookie },
      }),
    );
    rows.push(
      await measure('GET /api/user/tryLoginUserInfo', {
        url: `${baseUrl}/api/user/tryLoginUserInfo`,
        headers: { cookie },
      }),
    );
    let next = 0;
    const signInRow = await measure('POST login + GET tryLoginUserInfo (pairs/s)', {
      url: baseUrl,
      requests: [
        {
          method: 'POST',
          path: '/api/user/login',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            const account = ACCOUNTS[next++ % ACCOUNTS.length];
            return { ...request, body: JSON.stringify({ username: account, password: PASSWORD }) };
          },
          onResponse: (_status, _body, context, headers) => {
            const setCookie = headers?.['set-cookie'];
            (context as { cookie?: string }).cookie = String(
              Array.isArray(setCookie) ? setCookie[0] : setCookie,
            ).split(';')[0];
          },
        },
        {
          method: 'GET',
          path: '/api/user/tryLoginUserInfo',
          setupRequest: (request, context) => ({
            ...request,
            headers: { ...request.headers, cookie: (context as { cookie?: string }).cookie ?? '' },
          }),
        },
      ],
    });
    rows.push({ ...signInRow, rps: signInRow.rps / 2 });
    report(server.driver, rows);
  } finally {
    await server.stop();
  }
}

function report(driver: string, rows: Row[]) {
  const floor = rows[0]!.rps;
  console.log(`\n== ${driver}: ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log(
    [
      'scenario'.padEnd(48),
      'req/s'.padStart(9),
      'p99 ms'.padStart(8),
      'vs floor'.padStart(9),
      'errors'.padStart(7),
    ].join(''),
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(48),
        row.rps.toFixed(0).padStart(9),
        String(row.p99).padStart(8),
        `${((row.rps / floor) * 100).toFixed(1)}%`.padStart(9),
        String(row.errors).padStart(7),
      ].join(''),
    );
  }
}

await benchmark();
if (process.env.DATABASE_URL) await benchmark(process.env.DATABASE_URL);
