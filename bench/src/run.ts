import { CONNECTIONS, DEMO_PASSWORD, DURATION, measure, type Row, signIn } from './harness.ts';
import { startServer } from './server.ts';

// The demo accounts all share this password; sign-ins rotate over them so that no single account
// reaches the per-account sign-in throttle.
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
async function benchmark(databaseUrl?: string) {
  const server = await startServer(databaseUrl);
  const { baseUrl } = server;
  try {
    const cookie = await signIn(baseUrl, 'admin');
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
            return { ...request, body: JSON.stringify({ username: account, password: DEMO_PASSWORD }) };
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
