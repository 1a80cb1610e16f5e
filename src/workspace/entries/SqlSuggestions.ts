import type { Kysely } from 'kysely';
import type { CandidateLeg } from '../../ledger/suggestTransfers.js';
import type { SuggestionTables } from './entryTables.js';

/** Rows read per statement when the table's transfer legs are gathered. */
const READ_ROWS = 5_000;

/**
 * What the suggested matches read and keep in the workspace database (one Kysely text, SQLite and PostgreSQL): the
 * current table's legs that may take part (plain transfers and bridge legs, no spam), and the pairs a user
 * dismissed, by entry ids so a dismissal outlives every refresh.
 */
export class SqlSuggestions {
  constructor(private readonly db: Kysely<SuggestionTables>) {}

  /** The book's shown legs a suggestion may pair, from their `ledger.csv` cells; none before its first refresh. */
  async candidates(bookId: number): Promise<CandidateLeg[]> {
    const set = await this.db
      .selectFrom('entry_views as v')
      .innerJoin('entry_sets as s', 's.id', 'v.set_id')
      .select(['s.id', 's.columns'])
      .where('v.book_id', '=', bookId)
      .executeTakeFirst();
    if (set === undefined) return [];
    const columns = JSON.parse(set.columns) as string[];
    const cell = (cells: string[], name: string): string => cells[columns.indexOf(name)] ?? '';
    const legs: CandidateLeg[] = [];
    for (let after = 0; ;) {
      const rows = await this.db
        .selectFrom('book_entries')
        .select(['seq', 'entry_id', 'timestamp', 'chain_id', 'tx_hash', 'wallet', 'direction', 'asset', 'asset_contract', 'token_id'])
        .select(['decimals', 'counterparty', 'category', 'cells'])
        .where('set_id', '=', Number(set.id))
        .where('category', 'in', ['transfer', 'bridge'])
        .where('spam', '=', 0)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(READ_ROWS)
        .execute();
      for (const row of rows) {
        const cells = JSON.parse(row.cells) as string[];
        legs.push({
          entryId: row.entry_id,
          timestamp: Number(row.timestamp),
          chainId: Number(row.chain_id),
          txHash: row.tx_hash,
          wallet: row.wallet,
          walletLabel: cell(cells, 'wallet_label'),
          direction: row.direction === 'out' ? 'out' : 'in',
          asset: row.asset,
          assetContract: row.asset_contract,
          tokenId: row.token_id,
          decimals: row.decimals === null ? null : Number(row.decimals),
          amount: cell(cells, 'amount'),
          counterparty: row.counterparty,
          counterpartyLabel: cell(cells, 'counterparty_label'),
          category: row.category as CandidateLeg['category'],
          note: cell(cells, 'note'),
          spam: '',
        });
      }
      if (rows.length < READ_ROWS) return legs;
      after = Number(rows.at(-1)?.seq);
    }
  }

  /** The pair ids (`suggestionId`) the book's users dismissed. */
  async dismissed(bookId: number): Promise<Set<string>> {
    const rows = await this.db.selectFrom('suggestion_dismissals').select('suggestion_id').where('book_id', '=', bookId).execute();
    return new Set(rows.map((row) => row.suggestion_id));
  }

  /** Remembers a dismissed pair (again: nothing changes); false when it was dismissed already. */
  async dismiss(bookId: number, suggestionId: string, author: string, at: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto('suggestion_dismissals')
      .values({ book_id: bookId, suggestion_id: suggestionId, author, at })
      .onConflict((conflict) => conflict.columns(['book_id', 'suggestion_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
