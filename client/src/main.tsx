import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './fonts.css'; // Noto Sans Bengali, the Bangla subset only (docs/decisions/043-first-paint-html-and-fonts.md)
import './styles.css';
import { LocaleProvider } from './i18n/locale';
import { AppRoutes } from './router';
import { afterPageSettled } from './page-settled';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </LocaleProvider>
  </StrictMode>,
);

void afterPageSettled().then(() => import('./boot-after-load').then((m) => m.bootAfterLoad()));
