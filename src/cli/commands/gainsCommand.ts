import type { JobFlags } from '../../config/JobFlags.js';
import type { GainRow } from '../../costbasis/BasisReport.js';
import { EXIT } from '../../errors/exitCode.js';
import { InputError } from '../../errors/LedgerscanError.js';
import { Decimal, formatUnits } from '../../ledger/money.js';
import { isoTime } from '../../outputs/basisRecords.js';
import { moneyText } from '../../outputs/moneyText.js';
import { explainGain, type GainTrail } from '../../pipeline/explainGain.js';
import type { CliIo } from '../CliIo.js';
import { setUpJobCommand } from './jobCommand.js';

/**
 * `ledgerscan gains --explain ENTRY_ID` with the export's job: the disposal (tx, time, quantity, proceeds, selling
 * costs), each lot piece it took with the acquiring entry (tx, time, value) and the arithmetic — cost × taken ÷
 * quantity, gain = proceeds − selling costs − basis. Recomputed from the store and the price cache, offline; exit 2
 * when the entry is no disposal of the period.
 */
export async function gainsCommand(flags: JobFlags & { explain: string }, argv: readonly string[], io: CliIo): Promise<number> {
  const { job, log, command } = setUpJobCommand(flags, argv, io, false, false);
  const trail = await explainGain(job, flags.explain.trim(), { command, log });
  if (trail === null) {
    throw new InputError(`entry ${flags.explain} is not a disposal in ${job.period.from}..${job.period.to}`, {
      details: { fix: "give an entry_id of gains.csv, with the export's job and period" },
    });
  }
  io.stdout.write(explainText(trail));
  return EXIT.ok;
}

/** The trail as the terminal shows it; money rounded to the minor unit, `unknown` where a figure is. */
export function explainText(trail: GainTrail): string {
  const { disposal, rows, currency } = trail;
  const first = rows[0] as GainRow;
  const money = (value: Decimal | null): string => (value === null ? 'unknown' : `${moneyText(value, currency)} ${currency}`);
  const units = (raw: bigint, decimals = first.decimals): string => formatUnits(raw, decimals);
  const asset = disposal.asset || disposal.assetContract;
  const sum = (pick: (row: GainRow) => Decimal | null): Decimal | null =>
    rows.reduce<Decimal | null>(
      (total, row) => (total === null || pick(row) === null ? null : total.plus(pick(row) as Decimal)),
      new Decimal(0),
    );
  const lines = [
    `disposal ${disposal.entryId} (${first.kind}, ${first.method}): ${units(rows.reduce((total, row) => total + row.quantity, 0n))} ${asset}`,
    `  wallet ${disposal.wallet} on chain ${disposal.chainId}, tx ${disposal.txHash} at ${isoTime(disposal.timestamp)}`,
    `  proceeds ${money(sum((row) => row.proceeds))}, selling costs ${money(sum((row) => row.sellingCosts))}`,
  ];
  for (const row of rows) lines.push(...pieceLines(trail, row, units, money));
  const [proceeds, costs, basis, gain] = [
    sum((row) => row.proceeds),
    sum((row) => row.sellingCosts),
    sum((row) => row.costBasis),
    sum((row) => row.gain),
  ];
  lines.push(`  gain = ${money(proceeds)} − ${money(costs)} − ${money(basis)} = ${money(gain)}`);
  return `${lines.join('\n')}\n`;
}

function pieceLines(
  trail: GainTrail,
  row: GainRow,
  units: (raw: bigint, decimals?: number) => string,
  money: (value: Decimal | null) => string,
): string[] {
  const taken = units(row.quantity);
  const flags = row.flags.length === 0 ? '' : ` [${row.flags.join(', ')}]`;
  const gain = `    gain = ${money(row.proceeds)} − ${money(row.sellingCosts)} − ${money(row.costBasis)} = ${money(row.gain)}${row.term === null ? '' : ` (${row.term} term)`}${flags}`;
  if (row.lotId === null) {
    const source = row.flags.includes('missing_acquisition') ? 'no lot: more than the pool held, so no basis' : "the pool's average cost";
    return [`  ${taken} taken: ${source}`, `    cost basis ${money(row.costBasis)}`, gain];
  }
  const acquired = trail.acquisitions.get(row.lotId);
  if (acquired === undefined) {
    return [
      `  lot ${row.lotId} (an opening lot, acquired ${isoTime(row.acquiredAt)}): ${taken} taken`,
      `    cost basis ${money(row.costBasis)}`,
      gain,
    ];
  }
  const quantity = units(acquired.amountRaw, acquired.decimals ?? row.decimals);
  // The lot's whole cost, from the piece: what the pool split pro rata (the entry's value, plus a fee it carried).
  const lotCost = row.costBasis === null ? null : row.costBasis.times(quantity).div(taken);
  const carried =
    lotCost !== null && acquired.value !== null && money(lotCost) !== money(acquired.value) ? ' (its value plus the fees it carried)' : '';
  return [
    `  lot ${row.lotId}: ${taken} of ${quantity} taken, acquired ${isoTime(acquired.timestamp)} in tx ${acquired.txHash} (${acquired.category}, valued ${money(acquired.value)})`,
    `    cost basis = ${money(lotCost)}${carried} × ${taken} ÷ ${quantity} = ${money(row.costBasis)}`,
    gain,
  ];
}
