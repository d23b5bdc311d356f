import { useTranslation } from 'react-i18next';
import { operatorTextLang } from '../i18n/text-language';

/**
 * A text the server sends (a bonus description, an info line): a translation key is shown in
 * the player's language; anything else is the operator's own wording, shown as written. That
 * wording is isolated (`<bdi>`, its direction from its own first letter), so a left-to-right
 * sentence inside an Arabic page keeps its word order ("10% on every deposit …" does not become
 * "… deposit 10%"), and marked with the language it is written in (operatorTextLang), so a
 * screen reader reads it with the right voice. A method's name is such a text too.
 */
export function ServerText({
  text,
  className,
}: {
  readonly text: string;
  readonly className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (i18n.exists(text)) return <>{t(text)}</>;
  return (
    <bdi className={className} lang={operatorTextLang(text, i18n.language)}>
      {text}
    </bdi>
  );
}

/**
 * A name the server sends (a payment method's): as written, isolated and marked with its language
 * like {@link ServerText}, never looked up as a translation key.
 */
export function ServerName({
  name,
  className,
  id,
}: {
  readonly name: string;
  readonly className?: string;
  readonly id?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <bdi className={className} id={id} lang={operatorTextLang(name, i18n.language)}>
      {name}
    </bdi>
  );
}
