// Datagrams the kernel dropped because a socket's receive buffer was full (the `drops` column of /proc/net/udp),
// summed over the IPv4 UDP sockets bound to the given local ports.

import { readFileSync } from 'node:fs';

export function udpReceiveDrops(ports: readonly number[]): number {
  const wanted = new Set(ports);
  let drops = 0;
  for (const line of readFileSync('/proc/net/udp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 13) continue;
    const port = Number.parseInt(fields[1]?.split(':')[1] ?? '', 16);
    if (wanted.has(port)) drops += Number(fields.at(-1));
  }
  return drops;
}
