// @keel/voice-client: the client side of voice calls through a relay (the `voice` command line is built on it).

export { type CallEnd, type CallRole, type KeyedCall, RoomCall, type RoomCallOptions } from './room-call.ts';
