// @keel/notifier: the ntfy-compatible notification server.

export { createApp } from './app.ts';
export { type NotifierConfig, readConfig } from './config.ts';
export { createNotifier, type Environment, type Notifier, systemEnvironment } from './notifier.ts';
export { isTopic, RESERVED_TOPICS } from './topic.ts';
