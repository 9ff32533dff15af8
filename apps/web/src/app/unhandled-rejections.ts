// Unhandled promise rejections become route errors (docs/screens.md, "Error screen and 404"), so the error screen shows
// them.
import { useEffect, useState } from 'react';

export function useUnhandledRejections(): void {
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
      const err = new Error(`Unhandled promise rejection: ${reason}`);
      if (event.reason instanceof Error && event.reason.stack) err.stack = event.reason.stack;
      setError(err);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
  // Throwing during render hands the error to the nearest route error boundary.
  if (error) throw error;
}
