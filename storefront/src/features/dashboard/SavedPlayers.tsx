import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { forgetSavedPlayer, savedPlayersQuery, type SavedPlayer } from '@/api/savedPlayers';
import { Icon } from '@/components/Icon';
import { forgetPlayer } from '@/features/product/purchaseDraft';
import { useTranslation } from 'react-i18next';

/** The player id and zone last ordered for, per game, on any device; each can be deleted. */
export function SavedPlayers({ userid }: { userid: number }) {
  const queryClient = useQueryClient();
  const players = useQuery(savedPlayersQuery(userid));
  const { t } = useTranslation();
  const forget = useMutation({
    mutationFn: (player: SavedPlayer) => forgetSavedPlayer(userid, player.product_id),
    onSuccess: (_answer, player) => {
      forgetPlayer(userid, player.product_id);
      queryClient.setQueryData(savedPlayersQuery(userid).queryKey, (current) =>
        current?.filter((kept) => kept.product_id !== player.product_id),
      );
    },
    onError: () => toast.error(t('dashboard.savedDeleteFailed')),
  });
  const deleting = forget.isPending ? forget.variables.product_id : null;

  return (
    <section className="card saved-players" aria-labelledby="saved-players-heading">
      <h2 id="saved-players-heading" className="section-heading">
        {t('dashboard.savedPlayers')}
      </h2>
      {players.isPending && <span className="skeleton saved-player-skeleton" />}
      {!players.data && players.isError && (
        <p className="muted">{t('dashboard.savedLoadFailed')}</p>
      )}
      {players.data && !players.data.length && <p className="muted">{t('dashboard.savedNone')}</p>}
      {players.data && players.data.length > 0 && (
        <ul className="saved-player-list">
          {players.data.map((player) => (
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
                aria-label={t('dashboard.deleteSaved', { name: player.productname })}
                disabled={deleting === player.product_id}
                onClick={() => forget.mutate(player)}
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
