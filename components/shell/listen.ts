/** One listener on a window or document, as `listen` takes them. */
export type Listener = [target: EventTarget, type: string, handler: (event: never) => void];

/**
 * Adds every listener with the same options and answers the function that removes them all (a page-wide effect's
 * cleanup: the click throttle, the page's hint).
 */
export function listen(listeners: readonly Listener[], options: AddEventListenerOptions): () => void {
  for (const [target, type, handler] of listeners) target.addEventListener(type, handler as EventListener, options);
  return () => {
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler as EventListener, options);
  };
}
