import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { I18nContext, loadMessages, pickLanguage, translator } from './i18n/i18n';
import './styles.css';

/**
 * React Aria's pressable elements add a <style> of one rule (touch-action) unless an element with
 * this id exists. The page's Content-Security-Policy refuses inline styles, and styles.css carries
 * the same rule, so the id is taken before anything renders.
 */
function claimPressableStyle(): void {
  const marker = document.createElement('meta');
  marker.id = 'react-aria-pressable-style';
  document.head.append(marker);
}

async function start(): Promise<void> {
  claimPressableStyle();
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
