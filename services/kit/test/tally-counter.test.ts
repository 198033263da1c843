// tallyCounter: adds are kept in plain numbers and appear, summed per label, whenever the metrics are read.

import { expect, test } from 'bun:test';
import { Registry } from 'prom-client';
import { tallyCounter } from '../src/tally-counter.ts';

test('adds show up summed per label at every read, and keep adding up across reads', async () => {
  const registry = new Registry();
  const forwarded = tallyCounter({ name: 'things_total', help: 'things', label: 'room', registry });
  forwarded.add('den');
  forwarded.add('den', 4);
  forwarded.add('hall');
  const first = await registry.metrics();
  expect(first).toContain('things_total{room="den"} 5');
  expect(first).toContain('things_total{room="hall"} 1');
  forwarded.add('den', 2);
  expect(await registry.metrics()).toContain('things_total{room="den"} 7');
  expect(await registry.metrics()).toContain('things_total{room="den"} 7');
});
