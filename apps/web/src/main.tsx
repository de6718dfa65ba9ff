import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadFirstScreen } from './app/AppRoutes';
import { makeStore } from './app/store';
import { CSS_VAR_KEY, theme } from './app/theme';
import { readToken } from './app/token-storage';
import { authApi } from './features/auth/auth.api';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const ROOT_THEME = { ...theme, cssVar: { key: CSS_VAR_KEY } };

const root = createRoot(container);
const store = makeStore();
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task; the static shell of index.html stays on screen until the app commits.
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <ConfigProvider theme={ROOT_THEME}>
            <AntApp>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </AntApp>
          </ConfigProvider>
        </Provider>
      </StrictMode>,
    );
  });

// The first screen's chunks (index.html's boot script has already asked for them). Signed out, the first screen
// needs nothing from the API: the static shell stays until its chunks are here and the page follows it directly.
// Signed in, the session check goes out at once and the chunks load beside it. If a chunk fails, the app starts
// anyway and its route shows the error.
const signedIn = readToken() !== null;
const firstScreen = preloadFirstScreen(window.location.pathname, signedIn).catch(() => undefined);
if (signedIn) render();
else {
  // Whether Google sign-in is on, asked beside the chunks: its button is then there when the sign-in page first
  // draws, instead of appearing later and moving the centred card.
  void store.dispatch(authApi.util.prefetch('getAuthConfig', undefined, {}));
  void firstScreen.then(render);
}
