/** Players: find one by the id the brand knows them by. */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form } from 'react-aria-components';
import { useI18n } from '../../i18n/i18n';
import { TextInput } from '../../ui/fields';
import { PageHeader } from '../../ui/values';

export default function PlayerSearchScreen(): ReactNode {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [externalId, setExternalId] = useState('');
  return (
    <>
      <PageHeader title={t('player.title')} />
      <Form
        className="bo-search"
        role="search"
        aria-label={t('player.find')}
        onSubmit={(event) => {
          event.preventDefault();
          const id = externalId.trim();
          if (id !== '') void navigate(`/players/${encodeURIComponent(id)}`);
        }}
      >
        <TextInput
          label={t('player.externalId')}
          description={t('player.externalIdHelp')}
          name="external_id"
          type="search"
          value={externalId}
          onChange={setExternalId}
          isRequired
        />
        <Button type="submit" className="bo-button bo-button--primary">
          {t('player.find')}
        </Button>
      </Form>
    </>
  );
}
