import type { BlockingPostgres } from '../../db/postgres/BlockingPostgres.js';
import type { FinalAnswers } from '../FinalAnswers.js';

const GET = 'SELECT answer FROM final_answers WHERE chain_id = $1 AND question = $2';
const PUT = `INSERT INTO final_answers (chain_id, question, answer) VALUES ($1, $2, $3)
  ON CONFLICT (chain_id, question) DO UPDATE SET answer = excluded.answer`;

/** The `final_answers` table of the PostgreSQL schema: shared by every book (the block of an instant is one for all). */
export class PostgresFinalAnswers implements FinalAnswers {
  constructor(private readonly db: BlockingPostgres) {}

  get(chainId: number, question: string): string | undefined {
    const [row] = this.db.query({ sql: GET, params: [chainId, question] });
    return row === undefined ? undefined : (row[0] as string);
  }

  put(chainId: number, question: string, answer: string): void {
    this.db.query({ sql: PUT, params: [chainId, question, answer] });
  }
}
