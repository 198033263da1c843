// Entry point: builds the browser environment and mounts the app into index.html's #root.

import { render } from 'solid-js/web';
import { App } from './App.tsx';
import { createBrowserEnv } from './lib/browser-env.ts';
import { EnvContext } from './lib/env-context.ts';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

void createBrowserEnv(window).then((env) =>
  render(
    () => (
      <EnvContext.Provider value={env}>
        <App />
      </EnvContext.Provider>
    ),
    root,
  ),
);
