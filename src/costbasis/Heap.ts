/**
 * A binary heap by `order` (negative: `a` first): the ordered pool's lots with the next to leave on top, so a lot
 * arriving anywhere in the order (hifo, a moved lot's old time) costs a logarithm, not a shift of every lot held; the
 * gain stream's answered disposals, earliest on top.
 */
export class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly order: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  /** The first in the order; changing it in place must not change its place in the order. */
  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    let index = items.push(item) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.order(items[parent]!, item) <= 0) break;
      items[index] = items[parent]!;
      index = parent;
    }
    items[index] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const first = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return first;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= items.length) break;
      if (child + 1 < items.length && this.order(items[child + 1]!, items[child]!) < 0) child += 1;
      if (this.order(last, items[child]!) <= 0) break;
      items[index] = items[child]!;
      index = child;
    }
    items[index] = last;
    return first;
  }

  /** Every item in the order (a sorted copy). */
  sorted(): T[] {
    return [...this.items].sort(this.order);
  }
}
