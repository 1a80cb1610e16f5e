import type Database from 'better-sqlite3';
import type { FinalAnswers } from './FinalAnswers.js';

/** The `final_answers` table of an SQLite store. */
export class FinalAnswerTable implements FinalAnswers {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      get: db.prepare<[number, string], string>('SELECT answer FROM final_answers WHERE chain_id = ? AND question = ?').pluck(),
      put: db.prepare(
        `INSERT INTO final_answers (chain_id, question, answer) VALUES (?, ?, ?)
         ON CONFLICT (chain_id, question) DO UPDATE SET answer = excluded.answer`,
      ),
    };
  }

  get(chainId: number, question: string): string | undefined {
    return this.statements.get.get(chainId, question);
  }

  put(chainId: number, question: string, answer: string): void {
    this.statements.put.run(chainId, question, answer);
  }
}
