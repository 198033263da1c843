// Joining a configured base (relative `/scheduler` or absolute `https://host/scheduler/`) with a path.

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
