// CPU profile of a built store under Z-Coins orders: node profile-orders.mjs <repo root> <out dir>
import autocannon from 'autocannon';
const [repo, out] = process.argv.slice(2);
const { createScratch, start, stop, storeEnv, withClient, createShoppers, createBenchPack, login, walletOrderBody } = await import(`${repo}/bench/lib.mjs`);
const scratch = await createScratch();
const port = 3950 + Math.floor(Math.random() * 40);
const child = await start([`${repo}/server/dist/main.js`], storeEnv(scratch, { PORT: String(port) }), 'listening on');
const { shoppers, pack } = await withClient(scratch.url, async (c) => ({ shoppers: await createShoppers(c, 50, 100_000_000), pack: await createBenchPack(c) }));
const base = `http://127.0.0.1:${port}`;
if (process.env.STRIP_SQL) await withClient(scratch.url, (c) => c.query(process.env.STRIP_SQL));
const sessions = [];
for (const s of shoppers) sessions.push(await login(base, s.email));
let next = 0;
const result = await autocannon({
  url: `${base}/api/order/createWalletOrder`, method: 'POST', connections: 50, duration: Number(process.env.SECONDS ?? 15),
  setupClient: (client) => { const s = sessions[next++ % sessions.length]; client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${s.token}` }); client.setBody(walletOrderBody(pack, s.user.userid)); },
});
console.log('req/s', result.requests.average, 'p50', result.latency.p50, 'non2xx', result.non2xx);
await stop(child);
await scratch.drop();
