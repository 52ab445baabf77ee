import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadTexts } from './app/texts';
import { installFormEnterGuard } from './components/form-enter-key';
import { i18nReady, setTextsLoader } from './i18n/i18n';
// antd's static styles: the theme runs without runtime style generation (app/theme.ts, zeroRuntime).
import 'antd/dist/antd.css';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

setTextsLoader(loadTexts);
installFormEnterGuard();
// The texts of the first language arrive with the first screen, never after it.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
