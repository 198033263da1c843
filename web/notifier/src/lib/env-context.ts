// The Solid context that hands components their environment, so tests can pass a fake one.

import { createContext, useContext } from 'solid-js';
import type { NotifierEnv } from './env.ts';

export const EnvContext = createContext<NotifierEnv>();

export function useEnv(): NotifierEnv {
  const env = useContext(EnvContext);
  if (env === undefined) throw new Error('useEnv() needs an <EnvContext.Provider> above it');
  return env;
}
