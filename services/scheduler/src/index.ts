// @keel/scheduler: the HTTP task scheduler.

export { createApp } from './app.ts';
export { readConfig, type SchedulerConfig } from './config.ts';
export { createScheduler, type Environment, type Scheduler, USER_AGENT } from './scheduler.ts';
