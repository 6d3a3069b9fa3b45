import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { fetchSavedPlayers, forgetSavedPlayer, type SavedPlayer } from '@/api/savedPlayers';
import { Icon } from '@/components/Icon';
import { forgetPlayer } from '@/features/product/purchaseDraft';

type PlayersState =
  { status: 'loading' } | { status: 'ready'; players: SavedPlayer[] } | { status: 'error' };

/** The player id and zone last ordered for, per game, on any device; each can be deleted. */
export function SavedPlayers({ userid }: { userid: number }) {
  const [state, setState] = useState<PlayersState>({ status: 'loading' });
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    fetchSavedPlayers(userid)
      .then((players) => active && setState({ status: 'ready', players }))
      .catch(() => active && setState({ status: 'error' }));
    return () => {
      active = false;
    };
  }, [userid]);

  const remove = async (player: SavedPlayer) => {
    setDeleting(player.product_id);
    try {
      await forgetSavedPlayer(userid, player.product_id);
      forgetPlayer(userid, player.product_id);
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              players: current.players.filter((p) => p.product_id !== player.product_id),
            }
          : current,
      );
    } catch {
      toast.error('We could not delete the saved player. Please try again.');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="card saved-players" aria-labelledby="saved-players-heading">
      <h2 id="saved-players-heading" className="section-heading">
        Saved players
      </h2>
      {state.status === 'loading' && <span className="skeleton saved-player-skeleton" />}
      {state.status === 'error' && (
        <p className="muted">We couldn't load your saved players right now.</p>
      )}
      {state.status === 'ready' && !state.players.length && (
        <p className="muted">
          No saved players yet. The player of each game you order for is kept here.
        </p>
      )}
      {state.status === 'ready' && state.players.length > 0 && (
        <ul className="saved-player-list">
          {state.players.map((player) => (
            <li key={player.product_id} className="saved-player">
              <Link to={`/product/${player.product_id}`} className="saved-player-link">
                <strong>{player.productname}</strong>
                <span className="muted">
                  {player.input1} · {player.input2}
                </span>
              </Link>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Delete saved player for ${player.productname}`}
                disabled={deleting === player.product_id}
                onClick={() => void remove(player)}
              >
                <Icon name="close" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
