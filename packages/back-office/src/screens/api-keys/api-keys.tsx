/**
 * The brand's operator API keys: each with its scopes, when it was created and last used, and
 * whether it is revoked. Minting a key (a label and its scopes) shows its secret once, with a copy
 * button: the server keeps only a hash. Rotating mints a new key with the same label and scopes,
 * shows it once, and offers to revoke the old one (switch the backend to the new key first).
 * Revoking asks for a confirmation. The brand is the session's (an administrator's pick).
 */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { OPERATOR_SCOPES, OPERATOR_SCOPE_DESCRIPTIONS } from '@cashdesk/contract/values';
import { ApiError } from '../../api/http';
import { listApiKeys, mintApiKey, revokeApiKey } from '../../api/key-calls';
import type { ApiKeyCreated, ApiKeySummary, OperatorScopeName } from '../../api/key-calls';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { DataTable, columnsOf } from '../../ui/data-table';
import { ErrorNotice, Notice } from '../../ui/errors';
import { TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { ShownOnce } from '../../ui/shown-once';
import { useLoad } from '../../ui/use-page';
import { PageHeader, When } from '../../ui/values';
import '../ops.css';

const column = columnsOf<ApiKeySummary>();

/** The error a mint without a scope shows (the server refuses it too). */
const NO_SCOPE = new ApiError(400, 'noScope', 'scopes', undefined);

/** The scope checkboxes, each with what it allows. */
function ScopeChoice({
  chosen,
  onChange,
}: {
  readonly chosen: ReadonlySet<OperatorScopeName>;
  readonly onChange: (next: ReadonlySet<OperatorScopeName>) => void;
}): ReactNode {
  const { t } = useI18n();
  const id = useId();
  return (
    <fieldset className="bo-scopes">
      <legend className="bo-label">{t('keys.scopes')}</legend>
      {OPERATOR_SCOPES.map((scope) => (
        <div key={scope} className="bo-scope">
          <input
            type="checkbox"
            id={`${id}-${scope}`}
            name="scopes"
            value={scope}
            checked={chosen.has(scope)}
            aria-describedby={`${id}-${scope}-help`}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(scope);
              else next.delete(scope);
              onChange(next);
            }}
          />
          <label htmlFor={`${id}-${scope}`} className="bo-mono">
            {scope}
          </label>
          <span id={`${id}-${scope}-help`} className="bo-help">
            {OPERATOR_SCOPE_DESCRIPTIONS[scope]}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

function MintAction({
  brandId,
  onMinted,
}: {
  readonly brandId: string;
  readonly onMinted: (key: ApiKeyCreated) => void;
}): ReactNode {
  const { t } = useI18n();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<OperatorScopeName>>(new Set());
  return (
    <ActionDialog
      label={t('keys.mint')}
      submitLabel={t('keys.mintSubmit')}
      tone="primary"
      onOpen={() => {
        setLabel('');
        setScopes(new Set());
      }}
      onSubmit={async () => {
        if (scopes.size === 0) throw NO_SCOPE;
        const ordered = OPERATOR_SCOPES.filter((scope) => scopes.has(scope));
        onMinted(await mintApiKey(brandId, { label: label.trim(), scopes: ordered }));
      }}
    >
      <TextInput
        label={t('keys.label')}
        description={t('keys.labelHelp')}
        name="label"
        value={label}
        onChange={setLabel}
        isRequired
        maxLength={100}
      />
      <ScopeChoice chosen={scopes} onChange={setScopes} />
    </ActionDialog>
  );
}

function RotateAction({
  brandId,
  apiKey,
  onMinted,
}: {
  readonly brandId: string;
  readonly apiKey: ApiKeySummary;
  readonly onMinted: (key: ApiKeyCreated) => void;
}): ReactNode {
  const { t } = useI18n();
  return (
    <ActionDialog
      label={t('keys.rotate')}
      title={t('keys.rotateTitle', { label: apiKey.label })}
      submitLabel={t('keys.rotateSubmit')}
      onSubmit={async () => {
        onMinted(await mintApiKey(brandId, { label: apiKey.label, scopes: apiKey.scopes }));
      }}
    >
      <p className="bo-lead">{t('keys.rotateLead', { scopes: apiKey.scopes.join(', ') })}</p>
    </ActionDialog>
  );
}

function RevokeAction({
  brandId,
  apiKey,
  onRevoked,
}: {
  readonly brandId: string;
  readonly apiKey: ApiKeySummary;
  readonly onRevoked: (key: ApiKeySummary) => void;
}): ReactNode {
  const { t } = useI18n();
  return (
    <ActionDialog
      label={t('keys.revoke')}
      title={t('keys.revokeTitle', { label: apiKey.label, id: apiKey.id })}
      submitLabel={t('keys.revokeSubmit')}
      tone="danger"
      onSubmit={async () => {
        onRevoked(await revokeApiKey(brandId, apiKey.id));
      }}
    >
      <p className="bo-lead">{t('keys.revokeLead')}</p>
    </ActionDialog>
  );
}

/** In the dialog of a rotation's new key: revoke the key it replaces, once the backend switched. */
function RevokeReplaced({
  brandId,
  replaced,
  onRevoked,
}: {
  readonly brandId: string;
  readonly replaced: ApiKeySummary;
  readonly onRevoked: (key: ApiKeySummary) => void;
}): ReactNode {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<unknown>(undefined);
  return (
    <div className="bo-rotation">
      <p className="bo-help">{t('keys.rotatedLead', { id: replaced.id })}</p>
      {state === 'done' ? (
        <Notice>{t('keys.revokedOld', { id: replaced.id })}</Notice>
      ) : (
        <Button
          className="bo-button bo-button--danger"
          isPending={state === 'busy'}
          onPress={() => {
            setState('busy');
            setError(undefined);
            revokeApiKey(brandId, replaced.id).then(
              (revoked) => {
                setState('done');
                onRevoked(revoked);
              },
              (failure: unknown) => {
                setState('idle');
                setError(failure);
              },
            );
          }}
        >
          {t('keys.revokeOld', { id: replaced.id })}
        </Button>
      )}
      <ErrorNotice error={error} />
    </div>
  );
}

/** A minted key on screen: its secret, and the key a rotation replaces. */
interface Minted {
  readonly created: ApiKeyCreated;
  readonly replaces: ApiKeySummary | undefined;
}

export default function ApiKeysScreen(): ReactNode {
  const { t } = useI18n();
  const { brandId = '' } = useSession();
  const keys = useLoad(() => listApiKeys(brandId), brandId);
  const [minted, setMinted] = useState<Minted | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const revoked = (key: ApiKeySummary) => {
    setMessage(t('keys.revoked', { id: key.id }));
    keys.reload();
  };
  const shown = (replaces: ApiKeySummary | undefined) => (created: ApiKeyCreated) => {
    setMessage(undefined);
    setMinted({ created, replaces });
    keys.reload();
  };
  const columns = [
    column.accessor('label', { header: t('keys.label') }),
    column.accessor('id', {
      header: t('keys.id'),
      cell: (info) => <span className="bo-mono">{info.getValue()}</span>,
    }),
    column.accessor('scopes', {
      header: t('keys.scopes'),
      cell: (info) => (
        <span className="bo-scope-list">
          {info.getValue().map((scope) => (
            <span key={scope} className="bo-mono">
              {scope}
            </span>
          ))}
        </span>
      ),
    }),
    column.accessor('created_at', {
      header: t('keys.created'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    column.accessor('last_used_at', {
      header: t('keys.lastUsed'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    column.accessor('revoked_at', {
      header: t('keys.state'),
      cell: (info) => {
        const at = info.getValue();
        return at === null ? (
          <span className="bo-badge bo-badge--good">{t('keys.active')}</span>
        ) : (
          <span>
            <span className="bo-badge bo-badge--neutral">{t('keys.revokedState')}</span>{' '}
            <When at={at} />
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: t('keys.actions'),
      cell: (info) => {
        const key = info.row.original;
        if (key.revoked_at !== null) return null;
        return (
          <div className="bo-row-actions bo-row-actions--quiet">
            <RotateAction brandId={brandId} apiKey={key} onMinted={shown(key)} />
            <RevokeAction brandId={brandId} apiKey={key} onRevoked={revoked} />
          </div>
        );
      },
    }),
  ];
  return (
    <>
      <PageHeader title={t('keys.title')}>
        <MintAction brandId={brandId} onMinted={shown(undefined)} />
      </PageHeader>
      <p className="bo-lead bo-page-lead">{t('keys.lead')}</p>
      {message === undefined ? null : <Notice>{message}</Notice>}
      <ErrorNotice error={keys.error} />
      {keys.loading && keys.data === undefined ? <Loading /> : null}
      {keys.data === undefined ? null : (
        <DataTable
          label={t('keys.table')}
          rows={keys.data.keys}
          columns={columns}
          rowId={(row) => row.id}
          empty={t('keys.none')}
        />
      )}
      <ShownOnce
        title={t('keys.mintedTitle', { label: minted?.created.label ?? '' })}
        lead={t('keys.mintedLead', { id: minted?.created.id ?? '' })}
        label={t('keys.secret')}
        value={minted?.created.key}
        onClose={() => {
          setMinted(undefined);
        }}
      >
        {minted?.replaces === undefined ? null : (
          <RevokeReplaced brandId={brandId} replaced={minted.replaces} onRevoked={revoked} />
        )}
      </ShownOnce>
    </>
  );
}
