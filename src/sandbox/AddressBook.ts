/** Interns addresses so records store a u32 index instead of a 42-character string. */
export class AddressBook {
  private readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  /** The index of `address` (lowercased), adding it when new. */
  intern(address: string): number {
    const key = address.toLowerCase();
    const known = this.index.get(key);
    if (known !== undefined) return known;
    this.list.push(key);
    this.index.set(key, this.list.length - 1);
    return this.list.length - 1;
  }

  find(address: string): number | undefined {
    return this.index.get(address.toLowerCase());
  }

  at(index: number): string {
    const address = this.list[index];
    if (address === undefined) throw new RangeError(`no address #${index}`);
    return address;
  }
}
