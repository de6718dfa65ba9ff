import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes';
import { makeStore } from './app/store';
import { CSS_VAR_KEY, theme } from './app/theme';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const ROOT_THEME = { ...theme, cssVar: { key: CSS_VAR_KEY } };

const root = createRoot(container);
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task; the static shell of index.html stays on screen until the app commits.
startTransition(() => {
  root.render(
    <StrictMode>
      <Provider store={makeStore()}>
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
