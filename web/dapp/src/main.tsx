// Entry point: checks the runtime configuration, builds the browser environment and mounts the app.

import { render } from 'solid-js/web';
import { App } from './App.tsx';
import { ConfigProblem } from './ConfigProblem.tsx';
import { createBrowserEnv } from './lib/browser-env.ts';
import { EnvContext } from './lib/env-context.ts';
import { parseRuntimeConfig, RuntimeConfigError } from './lib/runtime-config.ts';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

try {
  const config = parseRuntimeConfig((window as { __KEEL_CONFIG__?: unknown }).__KEEL_CONFIG__);
  const env = createBrowserEnv(window, config);
  render(
    () => (
      <EnvContext.Provider value={env}>
        <App />
      </EnvContext.Provider>
    ),
    root,
  );
} catch (error) {
  if (!(error instanceof RuntimeConfigError)) throw error;
  render(() => <ConfigProblem problems={error.problems} />, root);
}
