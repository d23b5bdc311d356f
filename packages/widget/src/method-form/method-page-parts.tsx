/**
 * The frame of a method page, shared by the deposit and the withdrawal method pages (SPEC §2
 * method page): the title bar with the way back to the method list, the loading and load-failure
 * states, the page of a method the player does not have, and the body data attributes.
 *
 * @packageDocumentation
 */
import type { DepositInitResponse, PayGroup } from '@cashdesk/contract';
import { mapPayGroup, NOTIFICATION_CATEGORIES, readCashierFeatures } from '@cashdesk/domain';
import type { ClientEnvironment, Method, NativePayType } from '@cashdesk/domain';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { operatorTextLang } from '../i18n/text-language';
import { NotificationBanner } from '../notifications/notification-banner';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/page-header';
import { Skeleton } from '../ui/skeleton';
import './method-page.css';

/** The id of the method page's h1, which its form is labelled by. */
export const METHOD_TITLE_ID = 'cd-method-title';

/** The method list a method page goes back to. */
export type MethodListPath = '/deposit' | '/withdrawal';

interface FrameProps {
  readonly title: string;
  /** Whether the title is the method's name as the server sent it (marked with its language). */
  readonly titleIsName?: boolean;
  readonly list: MethodListPath;
  /** The back link's accessible name. */
  readonly backLabel: string;
  readonly children: ReactNode;
}

/** SPEC §2 method page: the section with its title bar (back to the list, query kept) and h1. */
export function MethodPageFrame({
  title,
  titleIsName = false,
  list,
  backLabel,
  children,
}: FrameProps) {
  const { search } = useLocation();
  const { i18n } = useTranslation();
  return (
    <section className="cd-method" aria-labelledby={METHOD_TITLE_ID}>
      <PageHeader
        title={title}
        titleLang={titleIsName ? operatorTextLang(title, i18n.language) : undefined}
        titleId={METHOD_TITLE_ID}
        back={{ pathname: list, search }}
        backLabel={backLabel}
      />
      {children}
    </section>
  );
}

/** While the method loads: a skeleton, or after a failure the message with a retry. */
export function MethodLoading({
  failed,
  onRetry,
}: {
  readonly failed: boolean;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation();
  return failed ? (
    <div className="cd-method__problem" role="alert">
      <p>{t('DEPOSIT_METHOD.LOAD_ERROR')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('DEPOSIT_METHOD.RETRY')}
      </Button>
    </div>
  ) : (
    <Skeleton label={t('DEPOSIT_METHOD.LOADING')} rows={3} />
  );
}

/** The texts of one flow's method page. */
export interface MethodPageTexts {
  readonly list: MethodListPath;
  /** The back link's accessible name. */
  readonly back: string;
  /** The title while the method's name is not known yet. */
  readonly loadingTitle: string;
  readonly unavailableTitle: string;
  readonly unavailableText: string;
  /** The link to the method list from an unavailable method. */
  readonly allMethods: string;
}

/** A query the page waits for (RTK Query's result). */
interface PageQuery {
  readonly isError: boolean;
  readonly refetch: () => unknown;
}

/** What the page shows: still loading, a method the player does not have, or the method. */
export type MethodPageState =
  | {
      readonly kind: 'loading';
      /** The method's name once the list is known. */
      readonly title: string | null;
      /** The queries in the order they load; a retry asks the first that failed again. */
      readonly queries: readonly PageQuery[];
    }
  | { readonly kind: 'unavailable' }
  | {
      readonly kind: 'ready';
      readonly title: string;
      /** The pay group of the form: SPEC §2 notifications on a form are its pay group's. */
      readonly payGroupId: number;
    };

/**
 * SPEC §2 method page in its three states: while loading, the method's name and a skeleton (a
 * failed load offers a retry); a pay group the player does not have says so with the way back;
 * otherwise the page's form (`children`).
 */
export function MethodPage({
  texts,
  state,
  children,
}: {
  readonly texts: MethodPageTexts;
  readonly state: MethodPageState;
  readonly children?: ReactNode;
}) {
  const frame = (title: string, content: ReactNode, titleIsName = false) => (
    <MethodPageFrame
      title={title}
      titleIsName={titleIsName}
      list={texts.list}
      backLabel={texts.back}
    >
      {content}
    </MethodPageFrame>
  );
  switch (state.kind) {
    case 'loading': {
      const failed = state.queries.find((query) => query.isError);
      return frame(
        state.title ?? texts.loadingTitle,
        <MethodLoading
          failed={failed !== undefined}
          onRetry={() => {
            void failed?.refetch();
          }}
        />,
        state.title !== null,
      );
    }
    case 'unavailable':
      return frame(
        texts.unavailableTitle,
        <MethodUnavailable
          text={texts.unavailableText}
          list={texts.list}
          linkText={texts.allMethods}
        />,
      );
    case 'ready':
      return frame(
        state.title,
        <>
          <NotificationBanner
            category={
              texts.list === '/deposit'
                ? NOTIFICATION_CATEGORIES.depositForm
                : NOTIFICATION_CATEGORIES.withdrawalForm
            }
            payGroupId={state.payGroupId}
          />
          {children}
        </>,
        true,
      );
  }
}

/** A method the player does not have: why, and the way to the list. */
export function MethodUnavailable({
  text,
  list,
  linkText,
}: {
  readonly text: string;
  readonly list: MethodListPath;
  readonly linkText: string;
}) {
  const { search } = useLocation();
  return (
    <>
      <p>{text}</p>
      <Link className="cd-button cd-button--secondary" to={{ pathname: list, search }}>
        {linkText}
      </Link>
    </>
  );
}

function restoreDataset(body: HTMLElement, name: string, value: string | undefined): void {
  if (value === undefined) Reflect.deleteProperty(body.dataset, name);
  else body.dataset[name] = value;
}

/**
 * SPEC §2 body data attributes: while a method page is open, the body names its pay group and
 * currency (brand stylesheets can style a method by them); leaving restores what was there.
 */
export function useMethodBodyAttributes(payGroupId: string | null, currency: string | null): void {
  useEffect(() => {
    if (payGroupId === null) return undefined;
    const body = document.body;
    const previous = [body.dataset.payGroupId, body.dataset.currency] as const;
    body.dataset.payGroupId = payGroupId;
    if (currency !== null) body.dataset.currency = currency;
    return () => {
      restoreDataset(body, 'payGroupId', previous[0]);
      restoreDataset(body, 'currency', previous[1]);
    };
  }, [payGroupId, currency]);
}

/** What a method page maps its pay group with (SPEC §3 "Mapped method"). */
export type MethodSources = Pick<
  DepositInitResponse,
  'user_bonuses' | 'lost_profit_merchant_bonus' | 'cashier_features'
>;

/**
 * The pay group the route names and its mapped method (SPEC §3), or `null`; a wallet only when
 * the browser can pay with it (`nativePayReady`, SPEC §6).
 */
export function findRouteMethod(
  groups: readonly PayGroup[] | undefined,
  sources: MethodSources,
  provider: string,
  environment: ClientEnvironment,
  nativePayReady: readonly NativePayType[],
): { readonly group: PayGroup; readonly method: Method } | null {
  const group = groups?.find((candidate) => String(candidate.id) === provider);
  if (group === undefined) return null;
  const method = mapPayGroup(group, {
    platform: environment.platform,
    device: environment.device,
    userBonuses: sources.user_bonuses,
    // SPEC §3: the lost-profit ribbon is a cashier feature of the brand.
    lostProfitBonus: readCashierFeatures(sources.cashier_features).lostProfit
      ? sources.lost_profit_merchant_bonus
      : null,
    nativePayReady,
  });
  return method === null ? null : { group, method };
}
