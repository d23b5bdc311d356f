/**
 * A transaction's documents (a bank transfer's receipt, SPEC §5 file upload, §7 upload), for a role
 * that may read them (`documents:read`): the name the player's file had, its type as the server
 * detected it from the bytes, its size and when it was uploaded, with a button per document that
 * downloads it under the session and saves it under the server's safe name, never shown in the
 * page (docs/decisions/0121-reading-uploaded-documents.md).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { documentAddress, listDocuments } from '../../api/calls';
import type { TransactionDocument } from '../../api/calls';
import { formatFileSize } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/errors';
import { Loading } from '../../ui/loading';
import { saveFile } from '../../ui/save-file';
import { useLoad } from '../../ui/use-page';
import { When } from '../../ui/values';

/** The download button of one document, with its own pending state. */
function DownloadButton({
  transactionId,
  document,
  onError,
}: {
  readonly transactionId: string;
  readonly document: TransactionDocument;
  readonly onError: (error: unknown) => void;
}): ReactNode {
  const { t } = useI18n();
  const [pending, setPending] = useState(false);
  return (
    <Button
      className="bo-button bo-button--secondary"
      aria-label={t('document.downloadNamed', { name: document.file_name })}
      isPending={pending}
      onPress={() => {
        setPending(true);
        onError(undefined);
        saveFile(
          documentAddress(transactionId, document.id),
          document.mime_type,
          document.file_name,
        ).then(
          () => {
            setPending(false);
          },
          (error: unknown) => {
            setPending(false);
            onError(error);
          },
        );
      }}
    >
      {t('document.download')}
    </Button>
  );
}

/** The documents section of a transaction's page: a list, which a phone shows as well as a desk. */
export function TransactionDocuments({
  transactionId,
}: {
  readonly transactionId: string;
}): ReactNode {
  const { t, has, locale } = useI18n();
  const list = useLoad(() => listDocuments(transactionId), transactionId);
  const [downloadError, setDownloadError] = useState<unknown>(undefined);
  const documents = list.data?.documents;
  const typeOf = (mime: string): string => {
    const key = `document.type.${mime}`;
    return has(key) ? t(key) : mime;
  };
  return (
    <section className="bo-card" aria-labelledby="tx-documents">
      <h2 className="bo-h2" id="tx-documents">
        {t('document.title')}
      </h2>
      <ErrorNotice error={list.error ?? downloadError} />
      {documents === undefined ? (
        list.loading ? (
          <Loading />
        ) : null
      ) : documents.length === 0 ? (
        <p className="bo-muted">{t('document.none')}</p>
      ) : (
        <ul className="bo-documents" aria-label={t('document.list')}>
          {documents.map((document) => (
            <li key={document.id} className="bo-document">
              <span className="bo-document__about">
                <span className="bo-document__name">{document.file_name}</span>
                <span className="bo-muted">
                  {typeOf(document.mime_type)} · {formatFileSize(locale, document.size)} ·{' '}
                  {t('document.uploaded')} <When at={document.uploaded_at} />
                </span>
              </span>
              <DownloadButton
                transactionId={transactionId}
                document={document}
                onError={setDownloadError}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
