/**
 * The routes. Each screen is its own chunk (React.lazy), so the first screen loads only its code;
 * the shell (navigation, top bar) and the session are in the entry.
 */
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useHref, useNavigate } from 'react-router';
import type { NavigateOptions } from 'react-router';
import { RouterProvider } from 'react-aria-components';
import { SessionProvider } from '../session/session';
import { Shell } from './shell';
import { Loading } from '../ui/loading';
import { FirstScreen } from './first-screen';

const SignIn = lazy(() => import('../screens/sign-in/sign-in'));
const SetPassword = lazy(() => import('../screens/set-password/set-password'));
const TransactionList = lazy(() => import('../screens/transactions/transaction-list'));
const TransactionDetail = lazy(() => import('../screens/transactions/transaction-detail'));
const PayoutQueue = lazy(() => import('../screens/payouts/payout-queue'));
const PlayerSearch = lazy(() => import('../screens/players/player-search'));
const PlayerDetail = lazy(() => import('../screens/players/player-detail'));
const AuditTrail = lazy(() => import('../screens/audit/audit-trail'));
const WebhookList = lazy(() => import('../screens/webhooks/webhook-list'));
const WebhookDetail = lazy(() => import('../screens/webhooks/webhook-detail'));
const ReportList = lazy(() => import('../screens/reports/report-list'));
const Insight = lazy(() => import('../screens/insight/insight'));
const ApiKeys = lazy(() => import('../screens/api-keys/api-keys'));
const Staff = lazy(() => import('../screens/staff/staff'));
const Configuration = lazy(() => import('../screens/configuration/routes'));

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** React Aria's links and linked rows navigate with the app's router. */
function AriaRouter({ children }: { readonly children: ReactNode }): ReactNode {
  const navigate = useNavigate();
  return (
    <RouterProvider
      navigate={(to, options) => {
        void navigate(to, options);
      }}
      useHref={useHref}
    >
      {children}
    </RouterProvider>
  );
}

export function App(): ReactNode {
  return (
    <BrowserRouter basename="/back-office">
      <AriaRouter>
        <SessionProvider>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route path="sign-in" element={<SignIn />} />
              <Route path="set-password" element={<SetPassword />} />
              <Route element={<Shell />}>
                <Route index element={<FirstScreen />} />
                <Route path="transactions" element={<TransactionList />} />
                <Route path="transactions/:transactionId" element={<TransactionDetail />} />
                <Route path="payouts" element={<PayoutQueue />} />
                <Route path="players" element={<PlayerSearch />} />
                <Route path="players/:externalId" element={<PlayerDetail />} />
                <Route path="audit" element={<AuditTrail />} />
                <Route path="webhooks" element={<WebhookList />} />
                <Route path="webhooks/:eventId" element={<WebhookDetail />} />
                <Route path="reports" element={<ReportList />} />
                <Route path="insight" element={<Insight />} />
                <Route path="api-keys" element={<ApiKeys />} />
                <Route path="staff" element={<Staff />} />
                <Route path="configuration/*" element={<Configuration />} />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
            </Routes>
          </Suspense>
        </SessionProvider>
      </AriaRouter>
    </BrowserRouter>
  );
}
