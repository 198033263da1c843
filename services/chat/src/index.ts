// @keel/chat: the chat server (key bundles, challenge-response tokens; messages and groups to come).

export { type Chat, type ChatEnvironment, createChat } from './chat.ts';
export { type ChatConfig, readConfig } from './config.ts';
