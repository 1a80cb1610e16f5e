import type { JobFlags } from '../../config/JobFlags.js';
import type { GainRow } from '../../costbasis/BasisReport.js';
import { EXIT } from '../../errors/exitCode.js';
import { InputError } from '../../errors/LedgerscanError.js';
import type { Decimal } from '../../ledger/money.js';
import { isoTime } from '../../outputs/basisRecords.js';
import { gainTrailSteps, type TrailPiece } from '../../outputs/gainTrail.js';
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
  const asset = disposal.asset || disposal.assetContract;
  const steps = gainTrailSteps(rows, trail.acquisitions, currency);
  const lines = [
    `disposal ${disposal.entryId} (${first.kind}, ${first.method}): ${steps.quantity} ${asset}`,
    `  wallet ${disposal.wallet} on chain ${disposal.chainId}, tx ${disposal.txHash} at ${isoTime(disposal.timestamp)}`,
    `  proceeds ${money(steps.proceeds)}, selling costs ${money(steps.sellingCosts)}`,
  ];
  for (const piece of steps.pieces) lines.push(...pieceLines(piece, money));
  lines.push(`  gain = ${money(steps.proceeds)} − ${money(steps.sellingCosts)} − ${money(steps.costBasis)} = ${money(steps.gain)}`);
  return `${lines.join('\n')}\n`;
}

function pieceLines({ row, taken, source, lot }: TrailPiece, money: (value: Decimal | null) => string): string[] {
  const flags = row.flags.length === 0 ? '' : ` [${row.flags.join(', ')}]`;
  const gain = `    gain = ${money(row.proceeds)} − ${money(row.sellingCosts)} − ${money(row.costBasis)} = ${money(row.gain)}${row.term === null ? '' : ` (${row.term} term)`}${flags}`;
  if (source === 'missing' || source === 'average') {
    const why = source === 'missing' ? 'no lot: more than the pool held, so no basis' : "the pool's average cost";
    return [`  ${taken} taken: ${why}`, `    cost basis ${money(row.costBasis)}`, gain];
  }
  if (lot === undefined) {
    return [
      `  lot ${row.lotId ?? ''} (an opening lot, acquired ${isoTime(row.acquiredAt)}): ${taken} taken`,
      `    cost basis ${money(row.costBasis)}`,
      gain,
    ];
  }
  const { acquired } = lot;
  const carried = lot.carriedFees ? ' (its value plus the fees it carried)' : '';
  return [
    `  lot ${row.lotId ?? ''}: ${taken} of ${lot.quantity} taken, acquired ${isoTime(acquired.timestamp)} in tx ${acquired.txHash} (${acquired.category}, valued ${money(acquired.value)})`,
    `    cost basis = ${money(lot.cost)}${carried} × ${taken} ÷ ${lot.quantity} = ${money(row.costBasis)}`,
    gain,
  ];
}
