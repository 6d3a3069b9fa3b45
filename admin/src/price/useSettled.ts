import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 300;

/** `text`, trimmed, once the admin has stopped typing for a moment: a search is not one call a key. */
export const useSettled = (text: string) => {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
};
