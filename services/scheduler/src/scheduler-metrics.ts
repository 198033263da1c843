// The scheduler's Prometheus series: backlog, deliveries, lateness, in-flight work.

import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { TASK_STATUSES, type TaskStatus } from './task.ts';

export interface SchedulerMetrics {
  readonly deliveries: Counter<'outcome'>;
  readonly lateness: Histogram;
  readonly deliveryDuration: Histogram;
}

export interface MetricSources {
  readonly countByStatus: () => Record<TaskStatus, number>;
  readonly inFlight: () => number;
}

export function createSchedulerMetrics(registry: Registry, sources: () => MetricSources): SchedulerMetrics {
  new Gauge({
    name: 'scheduler_tasks',
    help: 'Tasks stored, by status',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const counts = sources().countByStatus();
      for (const status of TASK_STATUSES) this.set({ status }, counts[status]);
    },
  });
  new Gauge({
    name: 'scheduler_deliveries_inflight',
    help: 'Delivery attempts waiting for their target',
    registers: [registry],
    collect() {
      this.set(sources().inFlight());
    },
  });
  return {
    deliveries: new Counter({
      name: 'scheduler_deliveries_total',
      help: 'Delivery attempts, by what they led to: delivered, retry, failed',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    lateness: new Histogram({
      name: 'scheduler_lateness_seconds',
      help: 'How long after execute_at the first attempt started',
      buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 60],
      registers: [registry],
    }),
    deliveryDuration: new Histogram({
      name: 'scheduler_delivery_duration_seconds',
      help: 'Time from sending a task request to its answer (or error)',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
