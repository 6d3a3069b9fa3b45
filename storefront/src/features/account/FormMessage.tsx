import { useCallback, useEffect, useRef, useState } from 'react';

export type MessageTone = 'error' | 'success';

export interface TimedMessage {
  text: string;
  tone: MessageTone;
}

/** A form message; failures clear themselves after `clearAfterMs`. */
export function useTimedMessage(clearAfterMs = 5000) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = useCallback(
    (text: string, tone: MessageTone) => {
      window.clearTimeout(timer.current);
      setMessage({ text, tone });
      if (tone === 'error') {
        timer.current = window.setTimeout(() => setMessage(null), clearAfterMs);
      }
    },
    [clearAfterMs],
  );

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  return { message, show, clear };
}

export function FormMessage({ message }: { message: TimedMessage | null }) {
  if (!message) return null;
  return (
    <p className={message.tone === 'error' ? 'form-error' : 'form-success'} role="alert">
      {message.text}
    </p>
  );
}
