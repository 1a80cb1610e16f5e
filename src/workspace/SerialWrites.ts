/**
 * Writes that a synchronous callback starts (the pipeline's log lines and progress reports) kept in the order
 * they were started, one after another, and awaited later: the workspace data is asynchronous, the pipeline's
 * callbacks are not. After a failure the later writes are skipped (the database is away or refusing), and
 * `flush` throws that failure once.
 */
export class SerialWrites {
  private tail: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  push(write: () => Promise<void>): void {
    this.tail = this.tail.then(async () => {
      if (this.failure !== undefined) return;
      try {
        await write();
      } catch (error) {
        this.failure = { error };
      }
    });
  }

  /** Resolves once every write started so far is done; throws the first failure among them. */
  async flush(): Promise<void> {
    await this.tail;
    const failure = this.failure;
    this.failure = undefined;
    if (failure !== undefined) throw failure.error;
  }
}
