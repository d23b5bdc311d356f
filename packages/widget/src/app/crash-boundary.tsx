import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { requestReInit } from '../host/host-bridge';
import type { ErrorReporter } from './error-reporter';

interface CrashBoundaryState {
  readonly crashed: boolean;
}

/**
 * SPEC §4 "Render crash", §8: an unhandled render error is logged, reported (app/error-reporter.ts),
 * and then the host is asked to reinitialise the cashier. Until it does (or when there is no host), the player sees
 * a translated message and a reload button instead of a blank frame.
 */
export class CrashBoundary extends Component<
  { readonly children: ReactNode; readonly reporter?: ErrorReporter | null },
  CrashBoundaryState
> {
  override state: CrashBoundaryState = { crashed: false };

  static getDerivedStateFromError(): CrashBoundaryState {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // SPEC §4, §8: logged, reported (POST client-reports, with the component stack),
    // then the host is asked to reinitialise the cashier.
    console.error('cashier render crash', error, info.componentStack);
    this.props.reporter?.report('render_crash', error, info.componentStack ?? null);
    requestReInit();
  }

  override render(): ReactNode {
    if (!this.state.crashed) return this.props.children;
    return (
      <main className="cd-app" id="cashier-main">
        <div className="cd-notice cd-notice--error" role="alert">
          <h1 className="cd-page-title">
            <Trans i18nKey="APP.CRASH.TITLE" />
          </h1>
          <p>
            <Trans i18nKey="APP.CRASH.TEXT" />
          </p>
          <button
            type="button"
            className="cd-button cd-button--primary"
            onClick={() => {
              window.location.reload();
            }}
          >
            <Trans i18nKey="APP.CRASH.RELOAD" />
          </button>
        </div>
      </main>
    );
  }
}
