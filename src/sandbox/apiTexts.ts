/**
 * Answer texts copied verbatim from docs/etherscan-api.md §3 and samples/etherscan (typos included:
 * "occured"). Clients classify on these strings, so the sandbox must not paraphrase them.
 */
export const API_TEXT = {
  ok: 'OK',
  notOk: 'NOTOK',
  noTransactions: 'No transactions found',
  missingKey: 'Missing/Invalid API Key',
  invalidKey: 'Invalid API Key',
  chainId: 'Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids',
  freeTier: 'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage.',
  invalidAction: 'Error! Missing Or invalid Action name',
  /** test/etherscan/samples/error-pro-endpoint.json: a PRO action called with a key whose plan lacks it. */
  proEndpoint: 'Sorry, it looks like you are trying to access an API Pro endpoint. Contact us to upgrade to API Pro.',
  invalidAddress: 'Error! Invalid address format',
  resultWindow: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000',
  queryTimeout: 'Query Timeout occured. Please select a smaller result dataset',
  maxRateLimit: 'Max rate limit reached, please use API Key for higher rate limit',
  /** Only the prefix "Max daily" is documented; the rest is the sandbox's own wording. */
  maxDaily: (limit: number) => `Max daily rate limit reached. ${limit} calls per day allowed for this API key`,
  maxCallsPerSec: (rate: number) => `Max calls per sec rate limit reached (${rate}/sec)`,
  /** Not documented verbatim; the sandbox's wording for bad parameters outside §3. */
  invalidTimestamp: 'Error! Invalid timestamp',
  noClosestBlock: 'Error! No closest block found',
  invalidBlock: 'Error! Invalid block number',
} as const;

/** What Cloudflare serves when the origin fails: an HTML page, not JSON. */
export const CLOUDFLARE_502 = `<!DOCTYPE html>
<html lang="en-US">
<head><title>api.etherscan.io | 502: Bad gateway</title></head>
<body>
<div id="cf-error-details">
<h1>Bad gateway <span>Error code 502</span></h1>
<p>The web server reported a bad gateway error.</p>
<p>Cloudflare Ray ID: <strong>8f3c0d1e2a4b5c6d</strong> &bull; Performance &amp; security by Cloudflare</p>
</div>
</body>
</html>
`;
