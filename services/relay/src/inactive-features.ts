// Federation settings that are accepted but do nothing yet, so the entry point warns about each one set
// instead of ignoring it silently.

import type { RelayConfig } from './relay-config.ts';

/** Each setting named as the operator wrote it: its TOML key, or its flag for the flag-only ones. */
export function inactiveFeatures(config: RelayConfig): string[] {
  const features: readonly (readonly [string, boolean])[] = [
    ['probe_targets', config.probeTargets.length > 0],
    ['probe_mesh', config.probeMesh],
    ['--mesh-status', config.meshStatus],
    ['trunking_enabled', config.trunkingEnabled],
    ['peers', config.peers.length > 0],
    ['trusted', config.trusted.length > 0],
    ['global_rooms', config.globalRooms.length > 0],
    ['ws_port', config.wsPort !== null],
    ['static_dir', config.staticDir !== null],
    ['debug_tap', config.debugTap !== null],
    ['--event-log', config.eventLog !== null],
  ];
  return features.filter(([, set]) => set).map(([name]) => name);
}
