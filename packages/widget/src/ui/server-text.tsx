import { DEFAULT_LANGUAGE } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';

/**
 * A text the server sends (a bonus description, an info line): a translation key is shown in
 * the player's language; anything else is the operator's own wording, shown as written. That
 * wording is isolated (`<bdi>`, its direction from its own first letter), so a left-to-right
 * sentence inside an Arabic page keeps its word order ("10% on every deposit …" does not become
 * "… deposit 10%"), and it is marked with the language operators write such texts in (the
 * cashier's default language, SPEC §1), so a screen reader reads it with the right voice.
 */
export function ServerText({ text }: { readonly text: string }) {
  const { t, i18n } = useTranslation();
  if (i18n.exists(text)) return <>{t(text)}</>;
  const lang = i18n.language.split('-')[0] === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
  return <bdi lang={lang}>{text}</bdi>;
}
