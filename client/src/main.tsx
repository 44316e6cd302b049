import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import './styles.css';
import { LocaleProvider } from './i18n/locale';
import { AppRoutes } from './router';
import { registerServiceWorker } from './pwa';
import { startOutboxSync } from './offline/sync';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </LocaleProvider>
  </StrictMode>,
);

registerServiceWorker();
startOutboxSync();
