// UDP socket buffer sizes. Bun's UDP sockets have no option for SO_RCVBUF / SO_SNDBUF, so they are set on the
// socket's descriptor through libc (bun:ffi). The default receive buffer (about 208 KiB on Linux) holds roughly 170
// small datagrams: a relay serving a few hundred calls sees bursts larger than that while it is busy, and the kernel
// drops the rest (UDP RcvbufErrors). Linux doubles the asked size and caps it at net.core.rmem_max / wmem_max
// unless raised there.

import { dlopen, ptr } from 'bun:ffi';

const SOL_SOCKET = 1;
const SO_SNDBUF = 7;
const SO_RCVBUF = 8;

/** What the relay and clients ask for, per direction. */
export const SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;

export interface SocketBuffers {
  /** Sizes the kernel reports after the request (Linux reports twice the usable size). */
  readonly receiveBytes: number;
  readonly sendBytes: number;
}

type Libc = ReturnType<typeof openLibc>;
let libc: Libc | null | undefined;

function openLibc() {
  return dlopen('libc.so.6', {
    setsockopt: { args: ['i32', 'i32', 'i32', 'ptr', 'u32'], returns: 'i32' },
    getsockopt: { args: ['i32', 'i32', 'i32', 'ptr', 'ptr'], returns: 'i32' },
  });
}

function loadLibc(): Libc | null {
  if (libc === undefined) {
    try {
      libc = process.platform === 'linux' ? openLibc() : null;
    } catch {
      libc = null;
    }
  }
  return libc;
}

function option(lib: Libc, fd: number, name: number, bytes: number): number {
  lib.symbols.setsockopt(fd, SOL_SOCKET, name, ptr(new Int32Array([bytes])), 4);
  const out = new Int32Array(1);
  const length = new Uint32Array([4]);
  return lib.symbols.getsockopt(fd, SOL_SOCKET, name, ptr(out), ptr(length)) === 0 ? (out[0] as number) : 0;
}

/** Asks for `bytes` in each direction; null where libc cannot be reached (not Linux). */
export function setSocketBuffers(fd: number, bytes: number = SOCKET_BUFFER_BYTES): SocketBuffers | null {
  const lib = loadLibc();
  if (lib === null) return null;
  return { receiveBytes: option(lib, fd, SO_RCVBUF, bytes), sendBytes: option(lib, fd, SO_SNDBUF, bytes) };
}
