import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { changeWhatsAppChoice, whatsAppChoiceQuery } from '@/api/whatsapp';
import { formatDate } from '@/lib/format';
import { Trans, useTranslation } from 'react-i18next';
import { failureText } from '@/i18n/errors';

/** Order updates on WhatsApp: on with the consent text shown, off here or by replying STOP. */
export function WhatsAppCard({ userid }: { userid: number }) {
  const queryClient = useQueryClient();
  const choice = useQuery(whatsAppChoiceQuery(userid));
  const { t } = useTranslation();
  const change = useMutation({
    mutationFn: (optIn: boolean) => changeWhatsAppChoice(optIn, 'profile'),
    onSuccess: (answer) => {
      queryClient.setQueryData(whatsAppChoiceQuery(userid).queryKey, answer);
      toast.success(answer.optedIn ? t('dashboard.waOn') : t('dashboard.waOff'));
    },
    onError: (failure) => toast.error(failureText(failure, t('dashboard.waFailed'))),
  });
  const data = choice.data;
  if (!data?.available) return null;

  return (
    <section className="card whatsapp-card" aria-labelledby="whatsapp-heading">
      <h2 id="whatsapp-heading" className="section-heading">
        {t('dashboard.waHeading')}
      </h2>
      {data.optedIn ? (
        <>
          <p>
            <Trans
              i18nKey="dashboard.waOnText"
              values={{
                mobile: data.mobilenumber,
                since: data.changedAt
                  ? t('dashboard.waSince', { date: formatDate(data.changedAt) })
                  : '',
              }}
              components={{ b: <strong /> }}
            />
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={change.isPending}
            onClick={() => change.mutate(false)}
          >
            {t('dashboard.waTurnOff')}
          </button>
        </>
      ) : data.mobilenumber ? (
        <>
          <p className="muted" lang="en" data-server-text>
            {data.consentText}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={change.isPending}
            onClick={() => change.mutate(true)}
          >
            {t('dashboard.waTurnOn')}
          </button>
        </>
      ) : (
        <p className="muted">{t('dashboard.waAddMobile')}</p>
      )}
    </section>
  );
}
