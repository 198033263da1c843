// The app-wide stores (account, alert settings), created once in App and read by any page.

import { createContext, useContext } from 'solid-js';
import type { AccountStore } from './account-store.ts';
import type { SettingsStore } from './settings-store.ts';

export interface Stores {
  readonly account: AccountStore;
  readonly settings: SettingsStore;
}

export const StoresContext = createContext<Stores>();

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (stores === undefined) throw new Error('useStores() needs a <StoresContext.Provider> above it');
  return stores;
}
