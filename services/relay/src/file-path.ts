// File and directory paths given in config or flags (static_dir, --config, --event-log): kept as written,
// relative ones resolve against the working directory when used.

/** Returns `text` when it can name a file: not empty and no NUL byte (which no file system call accepts). */
export function parseFilePath(text: string): string {
  if (text === '') throw new Error('a path must not be empty');
  if (text.includes('\0')) throw new Error('a path must not contain a NUL character');
  return text;
}
