import { useId, useLayoutEffect, useRef } from 'react';
import { Icon } from '@/components/Icon';
import { useTranslation } from 'react-i18next';

interface GameSearchProps {
  query: string;
  onChange: (query: string) => void;
  /** Takes the focus when it appears (the visitor was typing in the page's first screen). */
  focusOnMount?: boolean;
}

/** The field that narrows the home tiles to the games whose name or region matches. */
export function GameSearch({ query, onChange, focusOnMount = false }: GameSearchProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
  // In the commit that replaces the first screen, so no key pressed meanwhile lands outside it.
  useLayoutEffect(() => {
    if (focusOnMount) field.current?.focus();
  }, [focusOnMount]);
  return (
    <form className="game-search" role="search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        {t('home.searchGames')}
      </label>
      <Icon name="search" size={18} />
      <input
        ref={field}
        id={id}
        type="search"
        className="input game-search-input"
        value={query}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('home.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}

/** Every word of the query appears in the name, whose region is in brackets: 'legends brazil'. */
export function matchesQuery(name: string, query: string) {
  const haystack = name.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
