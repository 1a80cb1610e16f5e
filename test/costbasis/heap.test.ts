import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Heap } from '../../src/costbasis/Heap.js';

describe('Heap', () => {
  it('pops in the order, whatever the pushes and pops between', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constant('pop' as const))), (steps) => {
        const heap = new Heap<number>((a, b) => a - b);
        const model: number[] = [];
        for (const step of steps) {
          if (step === 'pop') {
            model.sort((a, b) => a - b);
            expect(heap.pop()).toBe(model.shift());
          } else {
            heap.push(step);
            model.push(step);
          }
          expect(heap.size).toBe(model.length);
        }
        expect(heap.sorted()).toEqual([...model].sort((a, b) => a - b));
        expect(heap.peek()).toBe(heap.sorted()[0]);
      }),
    );
  });
});
