/**
 * How events reach the host page's handlers: every handler first, then the SDK's default action
 * unless a handler called `preventDefault`, as with a DOM event. Shared by the framed cashier and
 * the cashier in a new tab.
 *
 * @packageDocumentation
 */

/** Lets a handler stop the SDK's default action for an event, as on a DOM event. */
export interface CashierEventControl {
  /** Whether a handler called {@link CashierEventControl.preventDefault}. */
  readonly defaultPrevented: boolean;
  /**
   * Skips the default action, which runs after every handler: redirectTo navigates the top
   * window, finish opens its address in the top window (or, without one, delivers
   * reInitCashier), redirect navigates the host page to its own path, reset-scroll scrolls the
   * frame's top into view, resize sets the frame's height (with autoHeight). The other events
   * have none.
   */
  preventDefault(): void;
}

/** The handlers of one mounted cashier and the delivery to them. */
export interface EventHub<D extends { readonly type: string }> {
  /** Adds a listener of every event; returns its remover. Does nothing once closed. */
  add(listener: (event: D & CashierEventControl) => void): () => void;
  /** Runs every listener, then `defaultAction` unless one prevented it or the hub closed. */
  deliver(data: D, defaultAction: (data: D) => void): void;
  /** Drops every listener; later deliveries reach nobody and run no default. */
  close(): void;
}

/** A new {@link EventHub}. */
export function createEventHub<D extends { readonly type: string }>(): EventHub<D> {
  const listeners = new Set<(event: D & CashierEventControl) => void>();
  let closed = false;
  return {
    add(listener) {
      if (!closed) listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    deliver(data, defaultAction) {
      let prevented = false;
      const event: D & CashierEventControl = {
        ...data,
        get defaultPrevented() {
          return prevented;
        },
        preventDefault() {
          prevented = true;
        },
      };
      for (const listener of [...listeners]) listener(event);
      // A handler may have prevented the default or destroyed the cashier meanwhile.
      if (!event.defaultPrevented && !closed) defaultAction(data);
    },
    close() {
      closed = true;
      listeners.clear();
    },
  };
}
