/** The fastest of `repeats` runs of `pass`, in seconds: the least disturbed by the machine's other work. */
export async function fastestOf(repeats: number, pass: () => unknown): Promise<number> {
  let fastest = Infinity;
  for (let run = 0; run < repeats; run += 1) {
    const start = performance.now();
    await pass();
    fastest = Math.min(fastest, (performance.now() - start) / 1000);
  }
  return fastest;
}
