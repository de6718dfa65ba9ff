import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes';
import { makeStore } from './app/store';
import { theme } from './app/theme';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task; the static shell of index.html stays on screen until the app commits.
startTransition(() => {
  root.render(
    <StrictMode>
      <Provider store={makeStore()}>
        <ConfigProvider theme={theme}>
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
