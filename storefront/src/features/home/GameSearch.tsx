import { useId } from 'react';
import { Icon } from '@/components/Icon';
import { useTranslation } from 'react-i18next';

interface GameSearchProps {
  query: string;
  onChange: (query: string) => void;
}

/**
 * The field that narrows the home tiles to the games whose name or region matches. What the
 * visitor typed into the server-drawn field of the same `data-shell-key` is carried into it
 * (lib/shellUse.ts).
 */
export function GameSearch({ query, onChange }: GameSearchProps) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <form className="game-search" role="search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        {t('home.searchGames')}
      </label>
      <Icon name="search" size={18} />
      <input
        id={id}
        type="search"
        className="input game-search-input"
        value={query}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('home.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        data-shell-key="game-search"
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
