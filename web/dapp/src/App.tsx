// The app: app-wide stores, then the routes (landing, dapp, position deep links) inside one layout.

import { Route, Router } from '@solidjs/router';
import { DappPage } from './DappPage.tsx';
import { LandingPage } from './LandingPage.tsx';
import { Layout } from './Layout.tsx';
import { createAccountStore } from './lib/account-store.ts';
import { useEnv } from './lib/env-context.ts';
import { createSettingsStore } from './lib/settings-store.ts';
import { StoresContext } from './lib/stores-context.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PositionPage } from './PositionPage.tsx';

export function App() {
  const env = useEnv();
  const stores = { account: createAccountStore(env), settings: createSettingsStore(env) };
  return (
    <StoresContext.Provider value={stores}>
      <Router root={Layout}>
        <Route path="/" component={LandingPage} />
        <Route path="/dapp" component={DappPage} />
        <Route path="/dapp/position/:chain/:id" component={PositionPage} />
        <Route path="*" component={NotFoundPage} />
      </Router>
    </StoresContext.Provider>
  );
}
