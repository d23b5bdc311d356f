import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { I18nContext, loadMessages, pickLanguage, translator } from './i18n/i18n';
import './styles.css';

async function start(): Promise<void> {
  const language = pickLanguage(navigator.languages);
  const i18n = translator(navigator.language || language, await loadMessages(language));
  document.documentElement.lang = language;
  const root = document.getElementById('root');
  if (root === null) throw new Error('no #root');
  createRoot(root).render(
    <StrictMode>
      <I18nContext.Provider value={i18n}>
        <App />
      </I18nContext.Provider>
    </StrictMode>,
  );
}

void start();
