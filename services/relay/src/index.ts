// @keel/relay: the voice-relay daemon's configuration: command line, config file, identity file, federation blocks.

export { buildVersion } from './build-version.ts';
export type { DebugTap } from './debug-tap.ts';
export {
  ConfigLoadError,
  MissingValueError,
  RelayError,
  RelayIdentityError,
  UnexpectedValueError,
  UnknownArgumentError,
} from './errors.ts';
export {
  loadRelayIdentity,
  type RelayIdentity,
  type RelayIdentityOptions,
  relayIdentityPath,
} from './identity-file.ts';
export { inactiveFeatures } from './inactive-features.ts';
export { loadRelayConfig } from './load-relay-config.ts';
export { type PeersBlockInput, peersBlock, type TrustedBlockInput, trustedBlock } from './peers-block.ts';
export { parseRelayArgs, RELAY_FLAGS, type RelayCommand, type RelayFlagSpec, type RelayFlags } from './relay-args.ts';
export {
  DEFAULT_RELAY_CONFIG,
  type GlobalRoomConfig,
  type PeerConfig,
  RELAY_LOG_LEVELS,
  type RelayConfig,
  type RelayLogLevel,
  relayConfigFromToml,
  type TrustedConfig,
} from './relay-config.ts';
export { relayHelp, versionLine } from './relay-help.ts';
