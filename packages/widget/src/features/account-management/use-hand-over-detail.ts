import { usePayoutSelectQuery } from '../../api/cashier-api';
import { readPayGroupContext } from './route-state';

/**
 * The hand-over's pay group (router state) and that withdrawal method's detail (SPEC §4: the
 * block end, the support URL, the masked account), fetched only when the state names a group.
 */
export function useHandOverDetail(state: unknown) {
  const context = readPayGroupContext(state);
  const detail = usePayoutSelectQuery(
    context === null
      ? { payGroupId: '', currency: '' }
      : { payGroupId: context.payGroupId, currency: context.currency },
    { skip: context === null },
  );
  return { context, detail };
}
