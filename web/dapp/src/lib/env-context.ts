// The Solid context that hands components their environment, so tests can pass a fake one.

import { createContext, useContext } from 'solid-js';
import type { DappEnv } from './env.ts';

export const EnvContext = createContext<DappEnv>();

export function useEnv(): DappEnv {
  const env = useContext(EnvContext);
  if (env === undefined) throw new Error('useEnv() needs an <EnvContext.Provider> above it');
  return env;
}
