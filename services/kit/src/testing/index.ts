// @keel/kit/testing: helpers for tests and benchmarks that use real processes, servers and files.

export { machineInfo, percentile, processMemoryMiB, round } from './bench.ts';
export { type LocalServer, localServer } from './local-server.ts';
export { type LoggedProcess, type SpawnLoggedOptions, spawnLogged } from './logged-process.ts';
export { type ServiceProcess, type SpawnServiceOptions, spawnService } from './service-process.ts';
export { type TempDir, tempDir } from './temp-dir.ts';
export { type WaitOptions, waitFor } from './wait-for.ts';
