import fs from 'node:fs';
import path from 'node:path';
import type { ApiKeyEntry } from '../config/parseApiKeys.js';
import { parseApiKeys } from '../config/parseApiKeys.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { CliIo } from './CliIo.js';

/**
 * The API keys of `serve` and `worker`, from `--api-key-file`, else ETHERSCAN_API_KEYS (`name:key:rate,…`), else
 * ETHERSCAN_API_KEY: the environment or a file only, never a flag (shell history) or the workspace data. They stay
 * in this process's memory.
 */
export function readApiKeys(apiKeyFile: string | undefined, io: CliIo, defaultRate: number): ApiKeyEntry[] {
  if (apiKeyFile !== undefined) {
    let text: string;
    try {
      text = fs.readFileSync(path.resolve(io.cwd, apiKeyFile), 'utf8');
    } catch (cause) {
      throw new InputError(`--api-key-file ${apiKeyFile} cannot be read (check the path)`, { cause });
    }
    return parseApiKeys(text, '--api-key-file', defaultRate);
  }
  const several = (io.env.ETHERSCAN_API_KEYS ?? '').trim();
  if (several !== '') return parseApiKeys(several, 'ETHERSCAN_API_KEYS', defaultRate);
  const key = (io.env.ETHERSCAN_API_KEY ?? '').trim();
  if (key === '')
    throw new InputError(
      'API key is missing (set ETHERSCAN_API_KEY, or ETHERSCAN_API_KEYS=name:key:rate,… for several, or pass --api-key-file PATH; or try --demo)',
    );
  return [{ name: 'default', key, rate: defaultRate }];
}
