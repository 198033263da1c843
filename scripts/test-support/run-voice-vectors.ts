// Runs `bun run voice:vectors …` from the repository root as a child process, for the CLI's tests in
// services/identity and services/voice (each tests the forms of its own package).

import { join } from 'node:path';

const REPO_ROOT = join(import.meta.dir, '..', '..');

export interface VoiceVectorsRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as the one JSON object every form prints. */
  json(): Record<string, string>;
}

export async function runVoiceVectors(...args: string[]): Promise<VoiceVectorsRun> {
  const child = Bun.spawn([process.execPath, 'run', '--silent', 'voice:vectors', ...args], {
    cwd: REPO_ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, string> };
}
