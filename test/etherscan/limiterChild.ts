/**
 * Run by PostgresRateLimiter.test.ts as one of several processes sharing one API key: connects its limiter,
 * prints "ready", waits for "go" on stdin, then makes its calls to the sandbox all at once (the limiter
 * spaces them) and prints "done".
 */
import { once } from 'node:events';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { PostgresRateLimiter } from '../../src/etherscan/PostgresRateLimiter.js';

const [baseUrl = '', apiKey = '', rate = '1', database = '', calls = '0'] = process.argv.slice(2);
const limiter = await PostgresRateLimiter.open(database, apiKey, Number(rate));
const api = new EtherscanClient({ baseUrl, apiKey, rate: Number(rate), limiter });
process.stdout.write('ready\n');
await once(process.stdin, 'data');
await Promise.all(Array.from({ length: Number(calls) }, () => api.headBlock(1)));
process.stdout.write(`done ${api.stats.requests} ${api.stats.rateLimited}\n`);
await limiter.close();
process.stdin.destroy();
