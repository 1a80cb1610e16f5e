/**
 * Contract: the API's answers that can no longer change (the block of a past instant, a balance at a final
 * block), kept once per chain and question so a re-run of a finished period asks none of them again.
 */
export interface FinalAnswers {
  /** The kept answer to `question` on the chain, if any. */
  get(chainId: number, question: string): string | undefined;
  /** Keeps an answer; one kept already for the question is replaced (a head block only grows). */
  put(chainId: number, question: string, answer: string): void;
}
