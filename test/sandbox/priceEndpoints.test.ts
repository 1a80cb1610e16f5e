import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { COINGECKO_SANDBOX_KEY } from '../../src/sandbox/PriceApi.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';

type Answer = { status: number; body: string };
const coins = encodeURIComponent(JSON.stringify({ 'coingecko:ethereum': [1741082400, 1741086000] }));

describe("the sandbox's price endpoints", () => {
  let world: World;
  let sandbox: Sandbox;
  const get = async (at: Sandbox, pathname: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${new URL(at.url).origin}${pathname}`, { headers });
    return { status: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    world = generateWorld({ seed: 4, scale: 0, chains: [1] });
    sandbox = await startSandbox({ world, now: () => Date.parse('2025-12-01T00:00:00Z'), priceFaults: { failing: ['ecb'] } });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('serves the same series for the same seed and another for another seed', async () => {
    const same = await startSandbox({ world: generateWorld({ seed: 4, scale: 0, chains: [1] }) });
    const other = await startSandbox({ world: generateWorld({ seed: 5, scale: 0, chains: [1] }) });
    try {
      const [mine, twin, theirs] = (await Promise.all(
        [sandbox, same, other].map((at) => get(at, `/prices/defillama/batchHistorical?coins=${coins}`)),
      )) as [Answer, Answer, Answer];
      expect(mine).toEqual(twin);
      expect(mine.body).not.toBe(theirs.body);
      expect(JSON.parse(mine.body)).toMatchObject({
        coins: { 'coingecko:ethereum': { prices: [{ timestamp: 1741082400 }, { timestamp: 1741086000 }] } },
      });
      // The ECB file has no rates on a Saturday, Good Friday, Easter Monday or Christmas, and has them on the Friday before.
      const xml = (await get(same, '/prices/ecb/stats/eurofxref/eurofxref-hist.xml')).body;
      expect(xml).toContain('<Cube time="2025-03-07">');
      for (const closed of ['2025-03-08', '2025-04-18', '2025-04-21', '2025-12-25']) expect(xml).not.toContain(`<Cube time="${closed}">`);
    } finally {
      await same.close();
      await other.close();
    }
  });

  it('answers as DefiLlama and CoinGecko refuse, and fails the endpoints a test switched off', async () => {
    expect(await get(sandbox, '/prices/defillama/batchHistorical?coins=%7B%7D')).toEqual({
      status: 400,
      body: '{"message":"no coins queried"}',
    });
    expect(
      (await get(sandbox, '/prices/coingecko/api/v3/coins/ethereum/market_chart/range?vs_currency=usd&from=1741082400&to=1741086000'))
        .status,
    ).toBe(401);
    const old = await get(
      sandbox,
      '/prices/coingecko/api/v3/coins/ethereum/market_chart/range?vs_currency=usd&from=1719792000&to=1719795600',
      { 'x-cg-demo-api-key': COINGECKO_SANDBOX_KEY },
    );
    expect(old.status).toBe(401);
    expect(old.body).toContain('10012');
    const pro = await get(
      sandbox,
      '/prices/coingecko/api/v3/coins/ethereum/market_chart/range?vs_currency=usd&from=1719792000&to=1719795600',
      { 'x-cg-pro-api-key': COINGECKO_SANDBOX_KEY },
    );
    expect(JSON.parse(pro.body).prices).toHaveLength(2);
    expect((await get(sandbox, '/prices/ecb/stats/eurofxref/eurofxref-hist.xml')).status).toBe(500);
    // One DefiLlama call in the test before; faulted calls count too.
    expect(sandbox.stats.priceCalls).toEqual({ defillama: 2, coingecko: 3, ecb: 1 });
  });
});
