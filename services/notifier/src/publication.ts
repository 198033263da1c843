// Turns a publish request's topic, body and parameters into a message, in ntfy's order of checks.

import { parseDelay } from './delay.ts';
import { errors, NtfyError } from './errors.ts';
import type { Message } from './message.ts';
import { type ParamSource, readBool, readParam } from './params.ts';
import { parsePriority } from './priority.ts';

export interface PublicationSettings {
  readonly nowSeconds: number;
  readonly newId: () => string;
  readonly cacheSeconds: number;
  readonly delayLimitSeconds: number;
  readonly emailEnabled: boolean;
}

export interface Publication {
  readonly message: Message;
  readonly email: string | null;
  /** Delivered later, at `message.time`. */
  readonly delayed: boolean;
  /** Stored for since/poll (not with `Cache: no`). */
  readonly cached: boolean;
}

/** What `Cache: no` messages, and every message with an empty body and no X-Message, are sent as. */
const EMPTY_MESSAGE = 'triggered';

export function parsePublication(
  topic: string,
  body: string,
  source: ParamSource,
  settings: PublicationSettings,
): Publication {
  if (
    readParam(source, 'x-attach', 'attach', 'a') !== '' ||
    readParam(source, 'x-filename', 'filename', 'file', 'f') !== ''
  ) {
    throw errors.attachmentsNotAllowed();
  }
  const icon = readParam(source, 'x-icon', 'icon');
  if (icon !== '' && !/^https?:\/\//.test(icon)) throw errors.iconInvalid();
  const email = readParam(source, 'x-email', 'x-e-mail', 'email', 'e-mail', 'mail', 'e');
  if (email !== '' && !settings.emailEnabled) throw errors.emailDisabled();
  const priority = parsePriority(readParam(source, 'x-priority', 'priority', 'prio', 'p'));
  const cached = readBool(source, true, 'x-cache', 'cache');
  const delay = readParam(source, 'x-delay', 'delay', 'x-at', 'at', 'x-in', 'in');
  let time = settings.nowSeconds;
  if (delay !== '') {
    if (!cached) throw errors.delayNoCache();
    if (email !== '') throw errors.delayNoEmail();
    time = parseDelay(delay, settings.nowSeconds, settings.delayLimitSeconds);
  }
  if (readParam(source, 'x-actions', 'actions', 'action') !== '') {
    throw new NtfyError(40018, 400, 'invalid request: actions invalid').with(
      'actions are not supported by this server',
    );
  }
  const markdown =
    readBool(source, false, 'x-markdown', 'markdown', 'md') ||
    readParam(source, 'content-type', 'content_type').toLowerCase().startsWith('text/markdown');
  const title = readParam(source, 'x-title', 'title', 't');
  const click = readParam(source, 'x-click', 'click');
  const tags = readParam(source, 'x-tags', 'tags', 'tag', 'ta')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

  return {
    message: {
      id: settings.newId(),
      time,
      expires: cached ? time + settings.cacheSeconds : null,
      topic,
      message: messageText(body, source),
      title: title === '' ? null : title,
      priority,
      tags,
      click: click === '' ? null : click,
      icon: icon === '' ? null : icon,
      contentType: markdown ? 'text/markdown' : null,
    },
    email: email === '' ? null : email,
    delayed: delay !== '',
    cached,
  };
}

/** The body, else X-Message (where a literal `\n` means a newline), else `triggered`. */
function messageText(body: string, source: ParamSource): string {
  const text = body.trim();
  if (text !== '') return text;
  const param = readParam(source, 'x-message', 'message', 'm').replace(/\\n/g, '\n');
  return param === '' ? EMPTY_MESSAGE : param;
}
