import { useEffect, useLayoutEffect, useRef } from 'react';

export const LEAVE_MESSAGE = 'You have unsaved changes. Your autosaved copy is kept, but they are not saved as a revision. Leave anyway?';

/**
 * Warns before leaving with unsaved changes: closing or reloading the tab (beforeunload), and
 * clicks on in-app links, which Next.js would otherwise handle without the browser asking.
 */
export function useLeaveGuard(active: boolean, message: string = LEAVE_MESSAGE) {
  // The listeners are added once and read the latest values from here.
  const activeRef = useRef(active);
  const messageRef = useRef(message);
  useLayoutEffect(() => {
    activeRef.current = active;
    messageRef.current = message;
  });

  useEffect(() => {
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!activeRef.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    }

    // Capture phase on window runs before React's and Next's link handlers.
    function onClick(event: MouseEvent) {
      if (!activeRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.hash) return;
      if (!window.confirm(messageRef.current)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }

    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
    };
  }, []);
}
